import type { Db } from '../../db/client';
import { assetOnChain } from '../catalogue/store';
import { simulatedAddress } from './chain-sim';

/*
 * An asset as the simulated chains see it, and the address a vault account holds it at: vault
 * accounts show these as their deposit addresses, and transfers and orders send from and to them.
 */

const ASSET_TYPES: Record<string, string> = {
  ERC20: 'ERC20',
  BEP20: 'BEP20',
  SPL: 'SOL_ASSET',
  TRC20: 'TRON_TRC20',
  STELLAR_ASSET: 'XLM_ASSET',
  ASA: 'ALGO_ASSET',
};

export interface ChainAsset {
  legacyId: string;
  assetType: string;
  blockchainId: string | null;
  protocol: string;
  /** The chain's native asset, which pays the fee (the "base asset" of the stuck alert). */
  baseAsset: string;
}

/** The catalogue's view of an asset, as a transfer needs it; undefined when the workspace cannot see it. */
export async function chainAsset(db: Db, workspaceId: string, assetId: string): Promise<ChainAsset | undefined> {
  const asset = await assetOnChain(db, workspaceId, assetId);
  if (!asset) return undefined;
  const standard = asset.standards[0];
  return {
    legacyId: asset.legacyId,
    assetType: asset.assetClass === 'NATIVE' ? 'BASE_ASSET' : ((standard && ASSET_TYPES[standard]) ?? standard ?? 'BASE_ASSET'),
    blockchainId: asset.blockchainId,
    protocol: asset.protocol ?? 'EVM',
    baseAsset: asset.nativeLegacyId ?? asset.legacyId,
  };
}

/** The address a vault account holds an asset's chain at (deterministic, as the simulated chain has no keys). */
export const vaultAddress = (workspaceId: string, accountId: string, asset: ChainAsset) =>
  simulatedAddress(asset.protocol, `${workspaceId}:vault:${accountId}:${asset.blockchainId ?? asset.legacyId}`);
