import { Tooltip } from '@mantine/core';
import type { Asset } from '../../contract/catalogue';
import { copyAs } from '../lib/copy-as';
import { readableAmount } from '../lib/amounts';

/**
 * An amount of an asset as the console shows every amount ("≈290 ETH", see readableAmount), with
 * the exact amount ("290.000000000000000001 ETH") in a tooltip on hover and on keyboard focus when
 * digits were cut. A copy of it carries the exact amount as a plain decimal ("290.000000000000000001"),
 * whether digits were cut or not. `unit` follows the amount ("ETH"), inside the tooltip's trigger;
 * `asset` (the catalogue's) gives its decimals, undefined for an amount taken as sent.
 * `focusable={false}` inside a link or a control, which takes the focus itself.
 */
export function ReadableAmount({ amount, asset, unit, focusable = true }: { amount: string; asset?: Asset | undefined; unit: string; focusable?: boolean }) {
  const { shown, exact, plain, rounded } = readableAmount(amount, asset);
  const text = unit ? `${shown} ${unit}` : shown;
  if (!rounded) return <span onCopy={copyAs(plain)}>{text}</span>;
  return (
    <Tooltip label={`Exactly ${exact}${unit ? ` ${unit}` : ''}`} events={{ hover: true, focus: true, touch: true }} withArrow>
      {/* A tab stop only to show the tooltip (WCAG 1.4.13: what hover shows, focus shows too), as UtcTime's. */}
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
      <span tabIndex={focusable ? 0 : undefined} onCopy={copyAs(plain)}>
        {text}
      </span>
    </Tooltip>
  );
}
