import { Tooltip } from '@mantine/core';
import type { Asset } from '../../contract/catalogue';
import { readableAmount } from '../lib/rounded-amounts';

/**
 * An amount of an asset at a glance ("≈290 ETH"), with the exact amount ("290.000000000000000001
 * ETH") in a tooltip on hover and on keyboard focus when digits were cut; as formatAmountOf writes
 * it when none were. `unit` follows the amount ("ETH"), inside the tooltip's trigger. `focusable={false}`
 * inside a link, which takes the focus itself (its page shows the amount exactly).
 */
export function ReadableAmount({ amount, asset, unit, focusable = true }: { amount: string; asset: Asset | undefined; unit: string; focusable?: boolean }) {
  const { shown, exact, rounded } = readableAmount(amount, asset);
  const text = unit ? `${shown} ${unit}` : shown;
  if (!rounded) return <span>{text}</span>;
  return (
    <Tooltip label={`Exactly ${exact}${unit ? ` ${unit}` : ''}`} events={{ hover: true, focus: true, touch: true }} withArrow>
      {/* A tab stop only to show the tooltip (WCAG 1.4.13: what hover shows, focus shows too), as UtcTime's. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <span tabIndex={focusable ? 0 : undefined}>{text}</span>
    </Tooltip>
  );
}
