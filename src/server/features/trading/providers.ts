import type { TradingProvider } from '../../../contract/trading';

/**
 * The simulated providers this service ships. Their manifests differ on purpose: one requires full
 * KYC of both parties and the source of funds, one settles only PREFUNDED, one is account-based with
 * connected accounts, and one is account-based but not yet connected.
 */
export const TRADING_PROVIDERS: readonly TradingProvider[] = [
  {
    id: 'ATLAS',
    name: 'Atlas Prime Brokerage',
    accountBased: true,
    connected: true,
    accounts: [{ id: 'atlas-main', name: 'Atlas main account' }],
    manifest: {
      order: { supported: true, executionTypes: ['MARKET', 'QUOTE'], limitSupported: true, settlementTypes: ['DVP', 'PREFUNDED'], postOrderSupported: false },
      quote: { supported: true, settlementTypes: ['DVP'] },
      rate: { supported: true },
      requiredFields: { participantsIdentification: ['originator', 'beneficiary'], sourceOfFunds: true },
      pairs: [
        { baseAssetId: 'BTC', quoteAssetId: 'USDC' },
        { baseAssetId: 'ETH', quoteAssetId: 'USDC' },
        { baseAssetId: 'SOL', quoteAssetId: 'USDC' },
        { baseAssetId: 'BTC', quoteAssetId: 'USDT' },
      ],
      fees: { orderFeeBps: 25, networkFee: '1.5' },
    },
  },
  {
    id: 'HARBOR',
    name: 'Harbor OTC',
    accountBased: false,
    hasTermsOfService: false,
    manifest: {
      order: { supported: true, executionTypes: ['MARKET', 'QUOTE'], limitSupported: false, settlementTypes: ['PREFUNDED'], postOrderSupported: false },
      // Its quotes are paid before delivery (PREFUNDED), which a quote's settlement types cannot say.
      quote: { supported: true, settlementTypes: [] },
      rate: { supported: true },
      requiredFields: { participantsIdentification: [], sourceOfFunds: false },
      pairs: [
        { baseAssetId: 'BTC', quoteAssetId: 'USDT' },
        { baseAssetId: 'ETH', quoteAssetId: 'USDT' },
        { baseAssetId: 'XRP', quoteAssetId: 'USDT' },
      ],
      fees: { orderFeeBps: 10, networkFee: '0' },
    },
  },
  {
    id: 'MERIDIAN',
    name: 'Meridian Exchange',
    accountBased: true,
    connected: true,
    accounts: [
      { id: 'meridian-spot', name: 'Meridian spot' },
      { id: 'meridian-treasury', name: 'Meridian treasury' },
    ],
    manifest: {
      order: { supported: true, executionTypes: ['MARKET'], limitSupported: true, settlementTypes: ['DVP'], postOrderSupported: true },
      quote: { supported: false, settlementTypes: [] },
      rate: { supported: true },
      requiredFields: { participantsIdentification: ['beneficiary'], sourceOfFunds: false },
      pairs: [
        { baseAssetId: 'BTC', quoteAssetId: 'USDC' },
        { baseAssetId: 'ETH', quoteAssetId: 'BTC' },
        { baseAssetId: 'SOL', quoteAssetId: 'USDC' },
      ],
      fees: { orderFeeBps: 15, networkFee: '0.5' },
    },
  },
  {
    id: 'NORTHWIND',
    name: 'Northwind Markets',
    accountBased: true,
    connected: false,
    accounts: [],
    manifest: {
      order: { supported: true, executionTypes: ['MARKET'], limitSupported: false, settlementTypes: ['DVP'], postOrderSupported: false },
      quote: { supported: false, settlementTypes: [] },
      rate: { supported: false },
      requiredFields: { participantsIdentification: [], sourceOfFunds: false },
      pairs: [{ baseAssetId: 'ETH', quoteAssetId: 'USDC' }],
      fees: { orderFeeBps: 20, networkFee: '0' },
    },
  },
];

export const findProvider = (id: string) => TRADING_PROVIDERS.find((p) => p.id === id);
