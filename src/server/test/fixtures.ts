/** Requests several tests send alike, so that each states only what its case is about. */

/** A MARKET BUY of 0.01 ETH for USDT from HARBOR, settled PREFUNDED into vault account 0 (the SDK's shape). */
export const prefundedMarketOrder = (customerInternalReferenceId: string, note: string) => ({
  via: { type: 'PROVIDER', providerId: 'HARBOR' } as const,
  executionRequestDetails: {
    type: 'MARKET',
    side: 'BUY',
    baseAmount: '0.01',
    baseAssetId: 'ETH',
    quoteAssetId: 'USDT',
    baseAssetRail: 'BLOCKCHAIN',
    quoteAssetRail: 'BLOCKCHAIN',
  } as const,
  settlement: { type: 'PREFUNDED', destinationAccount: { type: 'VAULT_ACCOUNT', accountId: '0' } } as const,
  customerInternalReferenceId,
  note,
});

/** A postal address every provider's and counterparty's checks accept. */
export const BERLIN_ADDRESS = {
  streetName: 'Unter den Linden',
  buildingNumber: '5',
  postalCode: '10117',
  city: 'Berlin',
  subdivision: 'Berlin',
  district: 'Mitte',
  country: 'DE',
};

/** The transfer an inbound Travel Rule message of the SDK tests is about: 1,500.25 USDC. */
export const INBOUND_USDC_TRANSFER = {
  direction: 'INBOUND',
  assetId: 'USDC',
  amount: '1500.25',
  amountUSD: '1500.25',
  srcAddress: '0x4B0897b0513fdC7C541B6d9D7E929C4e5364D2dB',
  destAddress: '0x583031D1113aD414F02576BD6afaBfb302140225',
} as const;

/** A transfer of `amount` USDC from vault account 1 to vault account 0 (the SDK's shape). */
export const vaultTransfer = (amount: string, note: string) => ({
  assetId: 'USDC',
  source: { type: 'VAULT_ACCOUNT', id: '1' } as const,
  destination: { type: 'VAULT_ACCOUNT', id: '0' } as const,
  amount,
  note,
});
