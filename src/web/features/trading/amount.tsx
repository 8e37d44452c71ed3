import { Text, type TextProps } from '@mantine/core';
import { ReadableAmount } from '../../components/readable-amount';
import { formatPrice } from '../../lib/rounded-amounts';

/**
 * An amount with its asset, in figures that line up, as the console shows amounts ("2,500,000 USDC",
 * "≈0.12345678 ETH" with the exact amount on hover and on copy; see ReadableAmount); with `price`, a
 * price of one asset in another, to the precision that suits it ("97,123.46 USD per BTC", see formatPrice).
 */
export function Amount({ value, assetId, price = false, ...props }: { value: string; assetId: string; price?: boolean } & TextProps) {
  return (
    <Text component="span" ff="monospace" size="sm" style={{ whiteSpace: 'nowrap' }} {...props}>
      {price ? `${formatPrice(value)} ${assetId}` : <ReadableAmount amount={value} unit={assetId} />}
    </Text>
  );
}
