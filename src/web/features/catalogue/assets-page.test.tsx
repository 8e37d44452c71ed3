import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../test/render';
import { jsonResponse } from '../../test/service';
import AssetsPage from './assets-page';
import { asset, blockchainList, type Call, ETH, fakeService, signedInForEachTest } from './test-catalogue';

const USDC = asset('USDC', { metadata: { scope: 'GLOBAL', verified: true, deprecated: false, media: [], features: ['STABLECOIN'] } });
const USDT = asset('USDT', { price: { currency: 'EUR', price: '0.93', lastUpdateAt: 1_767_225_600 } });
const DAI = asset('DAI', { metadata: { scope: 'LOCAL', verified: false, deprecated: true, media: [], features: [] } });

/** Two pages of ETH assets; the service's cursor for the second is "cursor-2". */
function catalogue(call: Call): Response | undefined {
  if (call.path === '/v1/blockchains') return blockchainList();
  if (call.path === '/v1/assets') {
    if (call.query.get('symbol') === 'NONE') return jsonResponse(200, { data: [], next: null });
    return call.query.get('pageCursor') === 'cursor-2'
      ? jsonResponse(200, { data: [DAI], next: null })
      : jsonResponse(200, { data: [USDC, USDT], next: 'cursor-2' });
  }
  const one = [USDC, USDT, DAI].find((candidate) => call.path === `/v1/assets/${candidate.id}`);
  return one && jsonResponse(200, one);
}

function Address() {
  const { search } = useLocation();
  return <output data-testid="address">{search}</output>;
}

function renderPage(search = '') {
  const calls = fakeService(catalogue);
  const user = userEvent.setup();
  renderAt(
    <>
      <AssetsPage />
      <Address />
    </>,
    `/catalogue/assets${search}`,
  );
  const address = () => new URLSearchParams(screen.getByTestId('address').textContent ?? '');
  const assetCalls = () => calls.filter((call) => call.path === '/v1/assets');
  const rows = async () =>
    within((await screen.findAllByRole('table'))[0]!)
      .getAllByRole('row')
      .slice(1);
  return { user, calls, address, assetCalls, rows };
}

signedInForEachTest('ADMIN');

describe('AssetsPage', () => {
  it('reads the filters from the address, shows them and sends them to the service', async () => {
    const { assetCalls, rows } = renderPage('?blockchainId=ETH&assetClass=FT&pageSize=100');

    expect(await rows()).toHaveLength(2);
    expect(assetCalls()[0]!.query.toString()).toBe('blockchainId=ETH&assetClass=FT&sort=symbol&pageSize=100');
    expect(screen.getByRole('combobox', { name: 'Blockchain' })).toHaveValue('Ethereum (ETH)');
    expect(screen.getByRole('combobox', { name: 'Class' })).toHaveValue('Fungible token');
    expect(screen.getByRole('combobox', { name: 'Page size' })).toHaveValue('100');
  });

  it('shows each asset with its chain, badges and price', async () => {
    const { rows } = renderPage();
    const [usdc, usdt] = await rows();
    expect(usdc).toHaveTextContent('USDC');
    expect(usdc).toHaveTextContent('Ethereum');
    expect(usdc).toHaveTextContent('Stablecoin');
    expect(usdc).toHaveTextContent('Not set');
    expect(usdt).toHaveTextContent('0.93 EUR');
  });

  it('draws the rows once the chain names are in, so the Blockchain column does not widen under them', async () => {
    let release = () => {};
    const chainsIn = new Promise<void>((resolve) => (release = resolve));
    const calls = fakeService((call) => (call.path === '/v1/blockchains' ? chainsIn.then(() => blockchainList()) : catalogue(call)));
    renderAt(<AssetsPage />, '/catalogue/assets');
    await waitFor(() => expect(calls.some((call) => call.path === '/v1/assets')).toBe(true));
    // The page of assets has arrived; the chains have not.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('Loading assets…')).toBeInTheDocument();
    release();
    const [usdc] = within(await screen.findByRole('table'))
      .getAllByRole('row')
      .slice(1);
    expect(usdc).toHaveTextContent('Ethereum');
  });

  it('still draws the rows when the blockchains cannot be loaded', async () => {
    fakeService((call) => (call.path === '/v1/blockchains' ? jsonResponse(503, { message: 'down for a moment', code: 503 }) : catalogue(call)));
    renderAt(<AssetsPage />, '/catalogue/assets');
    const [usdc] = within(await screen.findByRole('table'))
      .getAllByRole('row')
      .slice(1);
    expect(usdc).toHaveTextContent('USDC');
  });

  it('writes each filter into the address, and a new filter starts again at the first page', async () => {
    const { user, address, assetCalls, rows } = renderPage('?blockchainId=ETH&pageCursor=cursor-2');
    await rows();

    await user.click(screen.getByRole('combobox', { name: 'Class' }));
    await user.click(screen.getByRole('option', { name: 'NFT' }));
    expect(address().toString()).toBe('blockchainId=ETH&assetClass=NFT');
    await waitFor(() => expect(assetCalls().at(-1)!.query.toString()).toBe('blockchainId=ETH&assetClass=NFT&sort=symbol&pageSize=100'));

    await user.type(screen.getByRole('textbox', { name: /Symbol/ }), 'USDC{Enter}');
    expect(address().get('symbol')).toBe('USDC');

    await user.click(screen.getByRole('combobox', { name: 'Scope' }));
    await user.click(screen.getByRole('option', { name: 'Local (this workspace)' }));
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Deprecated' }));
    expect(address().toString()).toBe('blockchainId=ETH&assetClass=NFT&symbol=USDC&scope=LOCAL&deprecated=true');

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(address().toString()).toBe('');
    expect(screen.getByRole('textbox', { name: /Symbol/ })).toHaveValue('');
  });

  it('searches as one types, once typing pauses, and at once on Enter, keeping the field as typed', async () => {
    const { user, address, assetCalls, rows } = renderPage();
    await rows();
    const search = screen.getByRole('textbox', { name: /Search/ });

    await user.type(search, 'usdc');
    await waitFor(() => expect(address().get('q')).toBe('usdc'));
    await waitFor(() => expect(assetCalls().at(-1)!.query.get('q')).toBe('usdc'));
    expect(search).toHaveValue('usdc');
    expect(search).toHaveFocus();

    await user.clear(search);
    await user.type(search, 'dai{Enter}');
    // Enter applies it without the pause; the address follows in a render of its own, which a
    // loaded machine has not drawn by the time the key is handled (it still said usdc).
    await waitFor(() => expect(address().get('q')).toBe('dai'));

    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(address().toString()).toBe('');
    expect(search).toHaveValue('');
  });

  it('pages forward with the service’s cursor and back through the pages it came by', async () => {
    const { user, address, rows } = renderPage('?pageSize=250');
    expect(await rows()).toHaveLength(2);
    expect(screen.getByTestId('assets-page-number')).toHaveTextContent('Page 1');
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(address().toString()).toBe('pageSize=250&pageCursor=cursor-2');
    await waitFor(() => expect(screen.getByTestId('assets-page-number')).toHaveTextContent('Page 2'));
    await waitFor(async () => expect((await rows())[0]).toHaveTextContent('DAI'));
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(address().toString()).toBe('pageSize=250');
    await waitFor(async () => expect((await rows())[0]).toHaveTextContent('USDC'));
    expect(screen.getByTestId('assets-page-number')).toHaveTextContent('Page 1');
  });

  it('offers the first page, not a previous one it never saw, on a link to a later page', async () => {
    const { user, address, rows } = renderPage('?pageCursor=cursor-2');
    expect((await rows())[0]).toHaveTextContent('DAI');
    expect(screen.queryByTestId('assets-page-number')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Previous' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'First page' }));
    expect(address().toString()).toBe('');
  });

  it('with testnets only, offers only testnets and lists nothing until one is chosen', async () => {
    const { user, address, assetCalls, rows } = renderPage('?blockchainId=ETH');
    await rows();
    const before = assetCalls().length;

    await user.click(screen.getByRole('switch', { name: 'Testnets only' }));
    // Ethereum is a mainnet: keeping it would contradict the switch.
    expect(address().toString()).toBe('testnets=true');
    expect(await screen.findByText('Choose a testnet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(assetCalls()).toHaveLength(before);

    await user.click(screen.getByRole('combobox', { name: 'Blockchain' }));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Ethereum Sepolia (ETH_TEST5)']);
    await user.click(screen.getByRole('option', { name: 'Ethereum Sepolia (ETH_TEST5)' }));
    expect(address().toString()).toBe('blockchainId=ETH_TEST5&testnets=true');
    await waitFor(() => expect(assetCalls().at(-1)!.query.get('blockchainId')).toBe('ETH_TEST5'));
  });

  it('says so when nothing matches, and shows a failure with its request id', async () => {
    renderPage('?symbol=NONE');
    expect(await screen.findByText('No assets match these filters')).toBeInTheDocument();

    vi.unstubAllGlobals();
    fakeService((call) => (call.path === '/v1/assets' ? jsonResponse(500, { message: 'Internal server error', code: 500 }, 'req-9c1') : catalogue(call)));
    renderAt(<AssetsPage />, '/catalogue/assets?symbol=X');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The assets could not be loaded');
    expect(alert).toHaveTextContent('req-9c1');
  });

  it('opens an asset in a drawer named in the address, with its explorer links, and Escape closes it', async () => {
    const { user, address, rows } = renderPage('?blockchainId=ETH');
    await rows();

    await user.click(screen.getByRole('button', { name: 'USDC' }));
    expect(address().toString()).toBe(`blockchainId=ETH&asset=${USDC.id}`);
    const drawer = await screen.findByRole('dialog', { name: 'Asset details' });
    expect(await within(drawer).findByRole('heading', { name: 'USDC token' })).toBeInTheDocument();
    // The drawer's title row is no banner landmark: the console's header is the page's one.
    expect(screen.queryAllByRole('banner')).toEqual([]);
    expect(within(drawer).getByText(USDC.onchain.address!)).toBeInTheDocument();
    expect(within(drawer).getByRole('button', { name: 'Copy address' })).toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: /Token on eth\.example/ })).toHaveAttribute(
      'href',
      `${ETH.metadata.explorer.base}/token/${USDC.onchain.address}`,
    );
    expect(within(drawer).getByText('You have no note on this asset.')).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(address().toString()).toBe('blockchainId=ETH');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
