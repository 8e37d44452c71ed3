import type { Asset, Blockchain } from '../../../contract/catalogue';
import { fakeService as sharedFakeService, type FakeCall, signedInForEachTest, unknownCall } from '../../test/fake-service';
import { jsonResponse } from '../../test/service';

export { signedInForEachTest };

/** A call the console made, as the fake service saw it, its path without the query. */
export interface Call extends FakeCall {
  query: URLSearchParams;
}

/** The shared fake service, each call's query apart from its path; a call `answer` leaves out is a 404. */
export function fakeService(answer: (call: Call) => Response | Promise<Response> | undefined) {
  const calls: Call[] = [];
  sharedFakeService((seen) => {
    const url = new URL(seen.path, 'http://console.test');
    const call: Call = { ...seen, path: url.pathname, query: url.searchParams };
    calls.push(call);
    return answer(call) ?? unknownCall(call);
  });
  return calls;
}

function explorer(base: string) {
  return { base, address: `${base}/address/{address}`, tx: `${base}/tx/{tx}`, token: `${base}/token/{token}` };
}

function blockchain(legacyId: string, displayName: string, extra: { test?: boolean; family?: string | null; deprecated?: boolean } = {}): Blockchain {
  const family = extra.family === undefined ? 'EVM' : extra.family;
  return {
    id: `00000000-0000-4000-8000-${legacyId
      .padEnd(12, '0')
      .slice(0, 12)
      .replace(/[^0-9a-f]/gi, '0')}`,
    legacyId,
    displayName,
    nativeAssetId: `native-${legacyId}`,
    onchain: { protocol: family ?? 'UTXO', test: extra.test ?? false, signingAlgo: 'ECDSA_SECP256K1' },
    metadata: { scope: 'GLOBAL', deprecated: extra.deprecated ?? false, media: [], explorer: explorer(`https://${legacyId.toLowerCase()}.example`) },
    registration: {
      supported: family !== null,
      family,
      addressHint: family === 'EVM' ? 'Token contract address, 0x… (40 hex characters, EIP-55 checksummed)' : family === 'XLM' ? 'Issuer account G…' : null,
      standard: family === 'EVM' ? 'ERC20' : null,
    },
  };
}

export const ETH = blockchain('ETH', 'Ethereum');
const SEPOLIA = blockchain('ETH_TEST5', 'Ethereum Sepolia', { test: true });
export const STELLAR = blockchain('XLM', 'Stellar', { family: 'XLM' });
const BITCOIN = blockchain('BTC', 'Bitcoin', { family: null });
export const CHAINS = [ETH, SEPOLIA, STELLAR, BITCOIN];

export function asset(symbol: string, extra: Partial<Asset> = {}): Asset {
  return {
    id: `a-${symbol.toLowerCase()}`,
    legacyId: symbol,
    blockchainId: ETH.id,
    displayName: `${symbol} token`,
    displaySymbol: symbol,
    assetClass: 'FT',
    onchain: { symbol, name: `${symbol} token`, address: '0xdAC17F958D2ee523a2206206994597C13D831ec7', decimals: 6, standards: ['ERC20'] },
    metadata: { scope: 'GLOBAL', verified: true, deprecated: false, media: [], features: [] },
    ...extra,
  };
}

export const blockchainList = (chains: Blockchain[] = CHAINS) => jsonResponse(200, { data: chains, next: null });
