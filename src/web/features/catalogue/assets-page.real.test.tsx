import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PEOPLE, realServiceForFile, signInTo } from '../../test/real-service';
import { renderAt } from '../../test/render';
import AssetsPage from './assets-page';

// The real service, with the shipped catalogue.
const service = realServiceForFile();

// A search of the service can take seconds on a loaded machine, longer than Testing Library's wait.

function Address() {
  const { search } = useLocation();
  return <output data-testid="address">{search}</output>;
}

function renderPage() {
  const user = userEvent.setup();
  renderAt(
    <>
      <AssetsPage />
      <Address />
    </>,
    '/catalogue/assets',
  );
  const address = () => new URLSearchParams(screen.getByTestId('address').textContent ?? '');
  // The symbol button in each body row's first cell. Read from the DOM, not by role: role queries
  // over 100 rows take a second or more in jsdom, and a wait that repeats them starves the page.
  const symbols = () =>
    Array.from(screen.getAllByRole('table')[0]!.querySelectorAll('tbody tr'), (row) => row.querySelector('td:first-child button')?.textContent ?? null);
  return { user, address, symbols };
}

describe('AssetsPage against the real service', () => {
  it('searches by part of a symbol in any case, ranked, and sorts by a column within the ranks, all in the address', async () => {
    await signInTo(service, PEOPLE.viewer);
    const { user, address, symbols } = renderPage();
    await screen.findAllByRole('table');
    // An exact symbol first, then symbols that start with the text, then the rest; by symbol within each.
    const rank = (symbol: string) => (symbol.toLowerCase() === 'usdc' ? 0 : symbol.toLowerCase().startsWith('usdc') ? 1 : 2);
    const inOrder = (descending: boolean) => {
      const shown = symbols().map((symbol) => symbol!);
      const expected = [...shown].sort((a, b) => rank(a) - rank(b) || (descending ? -1 : 1) * a.toLowerCase().localeCompare(b.toLowerCase()));
      expect(shown).toEqual(expected);
      expect(new Set(shown.map(rank)).size).toBeGreaterThan(1);
    };

    await user.type(screen.getByRole('textbox', { name: /Search/ }), 'uSdC{Enter}');
    await waitFor(() => expect(address().get('q')).toBe('uSdC'));
    await waitFor(() => expect(symbols()[0]).toBe('USDC'));
    expect(service.calls.at(-1)?.path).toMatch(/[?&]q=uSdC(&|$)/);
    inOrder(false);

    const symbolHeader = screen.getByRole('columnheader', { name: /Symbol/ });
    expect(symbolHeader).toHaveAttribute('aria-sort', 'none');
    await user.click(within(symbolHeader).getByRole('button'));
    await waitFor(() => expect(address().get('sort')).toBe('symbol'));
    expect(symbolHeader).toHaveAttribute('aria-sort', 'ascending');
    await user.click(within(symbolHeader).getByRole('button'));
    await waitFor(() => expect(address().get('sort')).toBe('-symbol'));
    expect(symbolHeader).toHaveAttribute('aria-sort', 'descending');
    await waitFor(() => inOrder(true));
  });

  it('lists the catalogue by symbol without a search, the next page following on from the first', async () => {
    await signInTo(service, PEOPLE.viewer);
    const { user, address, symbols } = renderPage();
    await screen.findAllByRole('table');
    const symbolHeader = screen.getByRole('columnheader', { name: /Symbol/ });
    expect(symbolHeader).toHaveAttribute('aria-sort', 'ascending');
    const first = symbols().map((symbol) => symbol!.toLowerCase());
    expect(first).toHaveLength(100);
    expect(first).toEqual([...first].sort());

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(address().has('pageCursor')).toBe(true));
    await waitFor(() => expect(screen.getByTestId('assets-page-number')).toHaveTextContent('Page 2'));
    await waitFor(() => expect(symbols()[0]!.toLowerCase() >= first.at(-1)!).toBe(true));
    const second = symbols().map((symbol) => symbol!.toLowerCase());
    expect(second).toEqual([...second].sort());

    // Descending, then back to the default order, which the address leaves out.
    await user.click(within(symbolHeader).getByRole('button'));
    await waitFor(() => expect(address().get('sort')).toBe('-symbol'));
    await user.click(within(screen.getByRole('columnheader', { name: /Symbol/ })).getByRole('button'));
    await waitFor(() => expect(address().has('sort')).toBe(false));
    expect(screen.getByRole('columnheader', { name: /Symbol/ })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('shows an asset just registered, with its details open', async () => {
    await signInTo(service, PEOPLE.editor);
    const { user, address, symbols } = renderPage();
    // A real token that is not in the catalogue: the service's resolver knows it from its shipped table.
    const token = { address: '0x32353A6C91143bfd6C7d363B546e62a9A2489A20', symbol: 'AGLD' };

    // Enabled once the blockchains are in, which the form offers.
    const registerButton = await screen.findByRole('button', { name: 'Register asset' });
    await waitFor(() => expect(registerButton).toBeEnabled());
    // The form is a lazy chunk: its module is loaded (and, here, transformed) first, awaited for
    // itself, so that the dialog's wait below is for the dialog alone (with the machine's load at
    // 14 the two together outlasted the 20 s bound).
    await import('./register-asset-form');
    await user.click(registerButton);
    const form = await screen.findByRole('form', { name: 'Register an asset' });
    await user.click(within(form).getByRole('combobox', { name: /Blockchain/ }));
    await user.click(await screen.findByRole('option', { name: /^Ethereum \(ETH\)$/ }));
    await user.click(within(form).getByRole('textbox', { name: /Address/ }));
    await user.paste(token.address);
    await user.click(within(form).getByRole('button', { name: 'Register asset' }));

    await waitFor(() => expect(address().get('q')).toBe(token.address));
    await waitFor(() => expect(symbols()).toEqual([token.symbol]));
    const drawer = await screen.findByRole('dialog');
    await waitFor(() => expect(drawer).toHaveTextContent(token.address));
  });
});
