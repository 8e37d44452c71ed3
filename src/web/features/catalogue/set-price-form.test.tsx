import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../test/render';
import { jsonResponse } from '../../test/service';
import { fitsWireNumber, SetPriceForm } from './set-price-form';
import { asset, fakeService, signedInForEachTest } from './test-catalogue';

const USDC = asset('USDC');

function renderForm(answer: () => Response = () => jsonResponse(200, { legacyId: 'USDC', lastUpdateAt: 1, currency: 'EUR', price: 1, source: 'PRIVATE' })) {
  const calls = fakeService((call) => (call.method === 'POST' && call.path === `/v1/assets/prices/${USDC.id}` ? answer() : undefined));
  const onDone = vi.fn();
  const user = userEvent.setup();
  renderAt(<SetPriceForm asset={USDC} onDone={onDone} />);
  const price = screen.getByRole('textbox', { name: /Price of one USDC/ });
  const enter = async (text: string) => {
    await user.clear(price);
    if (text) await user.type(price, text);
    await user.click(screen.getByRole('button', { name: 'Save price' }));
  };
  const posts = () => calls.filter((call) => call.method === 'POST');
  return { user, onDone, price, enter, posts };
}

signedInForEachTest('VIEWER');

describe('SetPriceForm', () => {
  it('sends the typed decimal as a number, in the chosen currency', async () => {
    const { user, enter, posts, onDone, price } = renderForm();
    await waitFor(() => expect(price).toHaveFocus());
    await user.click(screen.getByRole('combobox', { name: /Currency/ }));
    await user.click(screen.getByRole('option', { name: 'EUR' }));
    await enter('1850.25');

    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(posts()[0]!.body).toEqual({ currency: 'EUR', price: 1850.25 });
    expect(posts()[0]!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
  });

  it.each([
    ['', /greater than 0/],
    ['0', /greater than 0/],
    ['0.000', /greater than 0/],
    ['-3', /greater than 0/],
    ['1,5', /with a dot for decimals/],
    ['1e3', /greater than 0/],
    ['12345678901234.56', /at most 15 significant digits/],
  ])('refuses %j before sending anything', async (text, message) => {
    const { enter, posts, price } = renderForm();
    await enter(text);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(price).toHaveAttribute('aria-invalid', 'true');
    expect(posts()).toHaveLength(0);
  });

  it('says plainly when the workspace may not set prices', async () => {
    const { enter, onDone } = renderForm(() => jsonResponse(403, { message: 'This workspace is not allowed to set asset rates', code: 1002 }));
    await enter('1');
    expect(await screen.findByRole('alert')).toHaveTextContent('This workspace is not allowed to set prices.');
    expect(onDone).not.toHaveBeenCalled();
  });

  it('puts an unknown currency on the currency field', async () => {
    const { enter } = renderForm(() => jsonResponse(404, { message: 'Currency XXX not found', code: 1001 }));
    await enter('1');
    expect(await screen.findByText(/does not know this currency/)).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /Currency/ })).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('fitsWireNumber', () => {
  it('counts significant digits, not leading zeros or trailing decimal zeros', () => {
    expect(fitsWireNumber('0.000000000000000123')).toBe(true);
    expect(fitsWireNumber('123456789012345.000')).toBe(true);
    expect(fitsWireNumber('1234567890123456')).toBe(false);
    expect(fitsWireNumber('0.1234567890123456')).toBe(false);
  });
});
