import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../test/render';
import { jsonResponse } from '../../test/service';
import RegisterAssetForm from './register-asset-form';
import { CHAINS, ETH, fakeService, signedInForEachTest, STELLAR } from './test-catalogue';

const USDT = '0xdAC17F958D2ee523a2206206994597C13D831ec7';
// The same address with one letter in the wrong case: its EIP-55 checksum no longer matches.
const USDT_BAD_CHECKSUM = '0xDAC17F958D2ee523a2206206994597C13D831ec7';

const registered = {
  legacyId: 'AGLD_ETH_1A2B',
  assetClass: 'FT',
  onchain: { symbol: 'AGLD', name: 'Adventure Gold', address: USDT, decimals: 18, standard: 'ERC20' },
  metadata: { scope: 'Local', deprecated: false },
};

function renderForm(answers: (() => Response)[] = []) {
  const calls = fakeService((call) => (call.method === 'POST' && call.path === '/v1/assets' ? answers.shift()?.() : undefined));
  const onDone = vi.fn();
  const user = userEvent.setup();
  renderAt(<RegisterAssetForm chains={CHAINS} onRegistered={onDone} onCancel={() => {}} />);
  const field = (name: RegExp | string) => screen.getByRole('textbox', { name });
  const chooseChain = async (label: string) => {
    await user.click(screen.getByRole('combobox', { name: /Blockchain/ }));
    await user.click(screen.getByRole('option', { name: label }));
  };
  const submit = () => user.click(screen.getByRole('button', { name: 'Register asset' }));
  const posts = () => calls.filter((call) => call.method === 'POST');
  return { user, onDone, field, chooseChain, submit, posts };
}

signedInForEachTest('SIGNER');

describe('RegisterAssetForm', () => {
  it('offers only chains open to registration, grouped by family, and says which are left out', async () => {
    const { user } = renderForm();
    const select = screen.getByRole('combobox', { name: /Blockchain/ });
    expect(select).toHaveAccessibleDescription('Not listed: 1 blockchain without registration by address, such as Bitcoin.');

    await user.click(select);
    const listbox = screen.getByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Ethereum (ETH)', 'Ethereum Sepolia (ETH_TEST5)', 'Stellar (XLM)']);
    expect(within(listbox).getByText('EVM chains')).toBeInTheDocument();
    expect(within(listbox).getByText('Stellar')).toBeInTheDocument();
  });

  it('checks the EIP-55 checksum as the address is typed, before anything is sent', async () => {
    const { user, field, chooseChain, posts } = renderForm();
    await chooseChain('Ethereum (ETH)');
    const address = field(/Address/);
    expect(address).toHaveAccessibleDescription(ETH.registration.addressHint!);

    await user.type(address, '0x12');
    expect(await screen.findByText('An EVM address is 0x followed by 40 hexadecimal characters (this one has 2)')).toBeInTheDocument();

    await user.clear(address);
    await user.click(address);
    await user.paste(USDT_BAD_CHECKSUM);
    expect(await screen.findByText(/The checksum \(the mix of upper and lower case\) does not match/)).toBeInTheDocument();
    expect(address).toHaveAttribute('aria-invalid', 'true');

    await user.clear(address);
    await user.click(address);
    await user.paste(USDT);
    await waitFor(() => expect(address).not.toHaveAttribute('aria-invalid', 'true'));
    expect(screen.queryByText(/does not match/)).not.toBeInTheDocument();
    // A lower-case address carries no checksum and is fine as it is.
    await user.clear(address);
    await user.click(address);
    await user.paste(USDT.toLowerCase());
    await waitFor(() => expect(address).not.toHaveAttribute('aria-invalid', 'true'));
    expect(posts()).toHaveLength(0);
  });

  it('asks for the asset code on Stellar only, and sends it only there', async () => {
    const { user, field, chooseChain, submit, posts } = renderForm([() => jsonResponse(200, registered)]);
    expect(screen.queryByRole('textbox', { name: /Asset code/ })).not.toBeInTheDocument();

    await chooseChain('Stellar (XLM)');
    expect(field(/Address/)).toHaveAccessibleDescription(STELLAR.registration.addressHint!);
    await user.type(field(/Asset code/), 'AQUA');
    await user.type(field(/Address/), 'GBNZILSTVQZ4R7IKQDGHYGY2QXL5QOFJYQMXPKWRRM5PAV7Y4M67AQUA');

    await chooseChain('Ethereum (ETH)');
    expect(screen.queryByRole('textbox', { name: /Asset code/ })).not.toBeInTheDocument();
    // The Stellar issuer is no EVM address: the field says so at once.
    expect(await screen.findByText(/An EVM address is 0x followed by 40 hexadecimal characters/)).toBeInTheDocument();
    await user.clear(field(/Address/));
    await user.type(field(/Address/), USDT);
    await submit();

    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(posts()[0]!.body).toEqual({ blockchainId: ETH.id, address: USDT });
  });

  it('puts each refusal of the service on the field it concerns, in plain words', async () => {
    const { field, chooseChain, submit, posts, onDone } = renderForm([
      () => jsonResponse(409, { message: 'This asset was already added to this workspace as USDT_ETH_1A2B', code: 1002 }),
      () => jsonResponse(403, { message: 'This workspace may not create mainnet assets', code: 1009 }),
      () => jsonResponse(403, { message: 'This workspace has reached its quota of 100 registered assets', code: 1005 }),
      () => jsonResponse(404, { message: 'No token could be found at this address', code: 1003 }),
    ]);
    await chooseChain('Ethereum (ETH)');
    await userEvent.type(field(/Address/), USDT);
    const address = field(/Address/);
    const chain = screen.getByRole('combobox', { name: /Blockchain/ });

    await submit();
    expect(await screen.findByText('This token is already registered in this workspace.')).toBeInTheDocument();
    expect(address).toHaveAttribute('aria-invalid', 'true');

    await submit();
    expect(await screen.findByText('This workspace may not register assets on main networks, only on testnets.')).toBeInTheDocument();
    expect(chain).toHaveAttribute('aria-invalid', 'true');

    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('This workspace has reached its quota of 100 registered assets. Ask your account manager');

    await submit();
    expect(await screen.findByText(/No token was found at this address on this blockchain/)).toBeInTheDocument();
    expect(posts()).toHaveLength(4);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('sends one Idempotency-Key per registration, reused only when the outcome is unknown', async () => {
    const { field, chooseChain, submit, posts, onDone } = renderForm([
      () => {
        throw new TypeError('Failed to fetch');
      },
      () => jsonResponse(200, registered),
    ]);
    await chooseChain('Ethereum (ETH)');
    await userEvent.type(field(/Address/), USDT);

    await submit();
    await waitFor(() => expect(posts()).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Register asset' })).toBeEnabled());
    await submit();
    await waitFor(() => expect(onDone).toHaveBeenCalled());

    const [lost, retried] = posts();
    expect(lost!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
    expect(retried!.headers.get('Idempotency-Key')).toBe(lost!.headers.get('Idempotency-Key'));
  });
});
