import { Text, type TextProps } from '@mantine/core';
import { formatAmount } from '../../lib/amounts';
import { formatPrice } from '../../lib/rounded-amounts';

/**
 * An amount with its asset, in figures that line up: "2,500,000 USDC"; with `price`, a price of one
 * asset in another, to the precision that suits it ("97,123.46 USD per BTC", see formatPrice).
 */
export function Amount({ value, assetId, price = false, ...props }: { value: string; assetId: string; price?: boolean } & TextProps) {
  return (
    <Text component="span" ff="monospace" size="sm" style={{ whiteSpace: 'nowrap' }} {...props}>
      {price ? formatPrice(value) : formatAmount(value)} {assetId}
    </Text>
  );
}
