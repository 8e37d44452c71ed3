import { Text, type TextProps } from '@mantine/core';
import { formatAmount } from '../../lib/amounts';

/** An amount with its asset, in figures that line up: "2,500,000 USDC". */
export function Amount({ value, assetId, ...props }: { value: string; assetId: string } & TextProps) {
  return (
    <Text component="span" ff="monospace" size="sm" style={{ whiteSpace: 'nowrap' }} {...props}>
      {formatAmount(value)} {assetId}
    </Text>
  );
}
