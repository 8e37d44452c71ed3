import { shipped, addressKey } from './shipped';

export interface TokenMetadata {
  name: string | null;
  symbol: string | null;
  decimals: number | null;
  standard: string;
}

export interface ChainForResolve {
  id: string;
  legacyId: string;
  family: string | null;
  tokenStandard: string | null;
}

/** Undefined: nothing could be learnt about the address (spec: 404 1003). Nulls: metadata missing (1010). */
export type Resolve = (chain: ChainForResolve, address: string, symbol?: string) => Promise<TokenMetadata | undefined>;

const known = new Map(shipped.resolvable.map((t) => [`${t.blockchainId}|${addressKey(familyOf(t.blockchainId), t.address, t.symbol)}`, t]));
function familyOf(blockchainId: string) {
  return shipped.blockchains.find((b) => b.id === blockchainId)?.family ?? null;
}
function fromShippedTable(chain: ChainForResolve, address: string, symbol?: string): TokenMetadata | undefined {
  const token = known.get(`${chain.id}|${addressKey(chain.family, address, symbol)}`);
  return token && { name: token.name, symbol: token.symbol, decimals: token.decimals, standard: token.standard };
}

const SELECTOR = { name: '0x06fdde03', symbol: '0x95d89b41', decimals: '0x313ce567', supportsInterface: '0x01ffc9a7' };
const ERC721_INTERFACE = '80ac58cd';

/** Decodes an ABI-encoded `string` return value; null for anything else (e.g. bytes32 symbols). */
export function decodeAbiString(hex: string): string | null {
  const data = hex.replace(/^0x/, '');
  if (data.length < 128) return null;
  const offset = parseInt(data.slice(0, 64), 16) * 2;
  const length = parseInt(data.slice(offset, offset + 64), 16);
  if (!Number.isSafeInteger(length) || offset + 64 + length * 2 > data.length) return null;
  const text = Buffer.from(data.slice(offset + 64, offset + 64 + length * 2), 'hex').toString('utf8');
  return text.length > 0 && !text.includes('\uFFFD') ? text : null;
}

/** Asks an EVM node for name(), symbol() and decimals() with eth_call, each within the timeout. */
export async function resolveFromEvmNode(rpcUrl: string, address: string, timeoutMs = 3000): Promise<TokenMetadata | undefined> {
  let id = 0;
  const call = async (data: string): Promise<string | null> => {
    const res = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method: 'eth_call', params: [{ to: address, data }, 'latest'] }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = (await res.json()) as { result?: string; error?: unknown };
    return body.error || !body.result || body.result === '0x' ? null : body.result;
  };
  try {
    const codeRes = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method: 'eth_getCode', params: [address, 'latest'] }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const code = ((await codeRes.json()) as { result?: string }).result;
    if (!code || code === '0x') return undefined; // no contract at that address
    const [name, symbol, decimals, erc721] = await Promise.all([
      call(SELECTOR.name),
      call(SELECTOR.symbol),
      call(SELECTOR.decimals),
      call(`${SELECTOR.supportsInterface}${ERC721_INTERFACE.padEnd(64, '0')}`),
    ]);
    const isNft = erc721 !== null && BigInt(erc721) === 1n;
    return {
      name: name && decodeAbiString(name),
      symbol: symbol && decodeAbiString(symbol),
      decimals: decimals === null ? null : Number(BigInt(decimals)),
      standard: isNft ? 'ERC721' : 'ERC20',
    };
  } catch {
    return undefined; // unreachable node, timeout or malformed answer: nothing learnt
  }
}

/**
 * The resolver per chain family: a node's answer where an EVM JSON-RPC endpoint is configured for
 * the chain, otherwise the shipped table of known tokens (Stellar assets by issuer and code).
 */
export function createResolver(evmRpcUrls: Record<string, string>): Resolve {
  return async (chain, address, symbol) => {
    const rpcUrl = evmRpcUrls[chain.legacyId];
    if (chain.family === 'EVM' && rpcUrl) return resolveFromEvmNode(rpcUrl, address);
    return fromShippedTable(chain, address, symbol);
  };
}
