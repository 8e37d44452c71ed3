import type { Asset, Blockchain } from '../../../contract/catalogue';

export const ASSET_CLASS_LABELS: Record<Asset['assetClass'], string> = {
  NATIVE: 'Native coin',
  FT: 'Fungible token',
  FIAT: 'Fiat',
  NFT: 'NFT',
  SFT: 'Semi-fungible token',
  VIRTUAL: 'Virtual',
};

export const SCOPE_LABELS: Record<Asset['metadata']['scope'], string> = {
  GLOBAL: 'Global',
  LOCAL: 'Local',
};

export const SIGNING_ALGORITHM_LABELS: Record<Blockchain['onchain']['signingAlgo'], string> = {
  ECDSA_SECP256K1: 'ECDSA secp256k1',
  EDDSA_ED25519: 'EdDSA Ed25519',
};

/** Registration families by the name people know the chains by. */
export const FAMILY_LABELS: Record<string, string> = {
  EVM: 'EVM chains',
  SOL: 'Solana',
  TRON: 'TRON',
  XLM: 'Stellar',
  ALGO: 'Algorand',
  NEAR: 'NEAR',
  SUI: 'Sui',
  TON: 'TON',
};

/** "Ethereum (ETH)": the name people know, with the legacy id scripts use. */
export const chainLabel = (chain: Blockchain): string => `${chain.displayName} (${chain.legacyId})`;
