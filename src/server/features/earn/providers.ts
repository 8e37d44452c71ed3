/**
 * The lending providers the earn area integrates, shipped as data: their EVM chain ids (EIP-155)
 * and their public terms of service. Logos are served by this service (see handlers.ts), so the
 * console never loads images from elsewhere.
 */
export interface ShippedEarnProvider {
  providerId: string;
  displayName: string;
  logoFile: string;
  supportedChainIds: number[];
  isTermsApprovalRequired: boolean;
  termsOfServiceUrl: string;
}

export const EARN_PROVIDERS: readonly ShippedEarnProvider[] = [
  {
    providerId: 'AAVE',
    displayName: 'Aave',
    logoFile: 'aave.svg',
    // Aave v3 markets: Ethereum, OP Mainnet, BNB Smart Chain, Gnosis, Polygon, Base, Arbitrum One,
    // Avalanche C-Chain, Linea, Scroll. The SDKs' model takes at most 10 chain ids, so its smaller
    // markets (Sonic, zkSync Era, Celo) are left out.
    supportedChainIds: [1, 10, 56, 100, 137, 8453, 42161, 43114, 59144, 534352],
    isTermsApprovalRequired: true,
    termsOfServiceUrl: 'https://aave.com/terms-of-service',
  },
  {
    providerId: 'MORPHO',
    displayName: 'Morpho',
    logoFile: 'morpho.svg',
    // Morpho vaults: Ethereum, OP Mainnet, Unichain, Polygon, World Chain, Base, Arbitrum One.
    supportedChainIds: [1, 10, 130, 137, 480, 8453, 42161],
    isTermsApprovalRequired: true,
    termsOfServiceUrl: 'https://morpho.org/terms-of-use',
  },
];

export const findEarnProvider = (providerId: string) => EARN_PROVIDERS.find((p) => p.providerId === providerId);
