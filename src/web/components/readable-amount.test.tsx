import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Asset } from '../../contract/catalogue';
import { copied, TestProviders } from '../test/render';
import { ReadableAmount } from './readable-amount';

const ETH = { onchain: { decimals: 18 } } as Asset;

/** Selects all the text of `element`, as a double-click on a figure or a drag across it does. */
function select(element: HTMLElement) {
  const range = document.createRange();
  range.selectNodeContents(element);
  document.getSelection()!.removeAllRanges();
  document.getSelection()!.addRange(range);
}

describe('ReadableAmount', () => {
  it('shows an amount to eight decimals, the exact one on hover and keyboard focus, and copies the exact one', async () => {
    const user = userEvent.setup();
    render(
      <p>
        Total <ReadableAmount amount="290.000000000000000001" asset={ETH} unit="ETH" /> held
      </p>,
      { wrapper: TestProviders },
    );
    const amount = screen.getByText('≈290 ETH');
    await user.tab();
    expect(amount).toHaveFocus();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Exactly 290.000000000000000001 ETH');

    // Copied from a selection within it: the exact amount, plain, ready to paste into an amount field.
    select(amount);
    expect((await user.copy())?.getData('text/plain')).toBe('290.000000000000000001');

    // Copied while it has the focus and nothing is selected (Ctrl+C after Tab): the same.
    document.getSelection()!.removeAllRanges();
    expect(copied(amount)).toBe('290.000000000000000001');
    // Neither focused nor selected: a copy of something else, left alone.
    amount.blur();
    expect(copied(amount)).toBeUndefined();
  });

  it('leaves a selection that reaches beyond the amount to be copied as shown', () => {
    render(
      <p data-testid="line">
        Total <ReadableAmount amount="290.000000000000000001" asset={ETH} unit="ETH" /> held
      </p>,
      { wrapper: TestProviders },
    );
    const amount = screen.getByText('≈290 ETH');
    amount.focus();
    select(screen.getByTestId('line'));
    expect(copied(amount)).toBeUndefined();
  });

  it('shows an amount with no digit to cut as it is, grouped, and copies it plain', () => {
    render(<ReadableAmount amount="2500000.5" unit="USDC" />, { wrapper: TestProviders });
    const amount = screen.getByText('2,500,000.5 USDC');
    // Nothing cut, so nothing to show on hover: no tab stop.
    expect(amount).not.toHaveAttribute('tabindex');
    select(amount);
    expect(copied(amount)).toBe('2500000.5');
  });
});
