import { Text, type TextProps } from '@mantine/core';

const GROUPED = new Intl.NumberFormat('en-US', { maximumFractionDigits: 20 });

/**
 * A decimal amount as the service sent it, grouped for reading. Intl formats the string itself
 * (exactly, without turning it into a JS number), so no digit is lost or rounded.
 */
export const formatAmount = (amount: string) => GROUPED.format(amount as Intl.StringNumericLiteral);

/** An amount with its asset, in figures that line up: "2,500,000 USDC". */
export function Amount({ value, assetId, ...props }: { value: string; assetId: string } & TextProps) {
  return (
    <Text component="span" ff="monospace" size="sm" style={{ whiteSpace: 'nowrap' }} {...props}>
      {formatAmount(value)} {assetId}
    </Text>
  );
}
