import { describe, expect, it } from 'vitest';
import { listOrder, needsTestnet, parseAssetsSearch, toAssetsSearch, toListQuery } from './assets-view';

const parse = (search: string) => parseAssetsSearch(new URLSearchParams(search));

describe('the assets view in the address', () => {
  it('reads every filter, the page size, the cursor and the open asset, and writes them back alike', () => {
    const search =
      'q=usd&blockchainId=ETH&assetClass=FT&symbol=USDC&scope=LOCAL&deprecated=false&sort=-name&pageSize=250&pageCursor=abc.def&testnets=true&asset=a-usdc';
    const view = parse(search);
    expect(view).toEqual({
      q: 'usd',
      blockchainId: 'ETH',
      assetClass: 'FT',
      symbol: 'USDC',
      scope: 'LOCAL',
      deprecated: false,
      testnets: true,
      sort: '-name',
      pageSize: 250,
      pageCursor: 'abc.def',
      asset: 'a-usdc',
    });
    expect(toAssetsSearch(view).toString()).toBe(search);
  });

  it('sends the service its own query: no console-only parameters, the page size always', () => {
    const query = toListQuery(parse('blockchainId=ETH&testnets=true&asset=a-usdc'));
    expect(query.toString()).toBe('blockchainId=ETH&sort=symbol&pageSize=100');
    expect(toListQuery(parse('pageSize=500')).toString()).toBe('sort=symbol&pageSize=500');
  });

  it('asks for symbol order without a search, the service’s relevance with one, and a chosen order either way', () => {
    expect(listOrder(parse(''))).toBe('symbol');
    expect(toListQuery(parse('q=usdc')).has('sort')).toBe(false);
    expect(listOrder(parse('q=usdc'))).toBeNull();
    expect(toListQuery(parse('sort=-name')).get('sort')).toBe('-name');
    expect(toListQuery(parse('q=usdc&sort=-symbol')).get('sort')).toBe('-symbol');
    // The default order is the console's: links stay without it.
    expect(toAssetsSearch(parse('')).toString()).toBe('');
  });

  it('drops what the service would refuse, and leaves defaults out of links', () => {
    const view = parse('assetClass=COIN&scope=everywhere&deprecated=maybe&pageSize=5000&symbol=&q=&sort=price');
    expect(view).toMatchObject({ assetClass: null, scope: null, deprecated: null, symbol: null, q: null, sort: null, pageSize: 100 });
    expect(toAssetsSearch(view).toString()).toBe('');
  });

  it('asks for a testnet rather than listing every chain under "testnets only"', () => {
    expect(needsTestnet(parse('testnets=true'))).toBe(true);
    expect(needsTestnet(parse('testnets=true&blockchainId=ETH_TEST5'))).toBe(false);
    expect(needsTestnet(parse(''))).toBe(false);
  });
});
