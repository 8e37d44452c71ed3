import type { TrmAsset } from '../../../contract/travel-rule';

/**
 * The assets the Travel Rule network identifies, by their legacy asset id: the network, the
 * ticker, the CoinMarketCap id (ucid) and the token contract. A message names its asset by id.
 */
const ASSETS: Record<string, TrmAsset['data']> = {
  BTC: { network: 'Bitcoin', ticker: 'BTC', ucid: 1, contractAddress: null },
  ETH: { network: 'Ethereum', ticker: 'ETH', ucid: 1027, contractAddress: null },
  USDC: { network: 'Ethereum', ticker: 'USDC', ucid: 3408, contractAddress: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' },
  USDT_ERC20: { network: 'Ethereum', ticker: 'USDT', ucid: 825, contractAddress: '0xdAC17F958D2ee523a2206206994597C13D831ec7' },
  BASECHAIN_ETH: { network: 'Base', ticker: 'ETH', ucid: 1027, contractAddress: null },
  SOL: { network: 'Solana', ticker: 'SOL', ucid: 5426, contractAddress: null },
  SOL_USDC_PTHX: { network: 'Solana', ticker: 'USDC', ucid: 3408, contractAddress: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v' },
  POL_POLYGON: { network: 'Polygon', ticker: 'POL', ucid: 28321, contractAddress: null },
  AVAX: { network: 'Avalanche C-Chain', ticker: 'AVAX', ucid: 5805, contractAddress: null },
  XRP: { network: 'XRP Ledger', ticker: 'XRP', ucid: 52, contractAddress: null },
  TRX: { network: 'Tron', ticker: 'TRX', ucid: 1958, contractAddress: null },
  TRX_USDT_S2UZ: { network: 'Tron', ticker: 'USDT', ucid: 825, contractAddress: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' },
};

export const TRAVEL_RULE_ASSET_IDS = Object.keys(ASSETS);

export function travelRuleAsset(assetId: string): TrmAsset | undefined {
  const data = ASSETS[assetId];
  return data && { format: 'fireblocks', data: { ...data, id: assetId } };
}
