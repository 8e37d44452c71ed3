import type { Db } from '../../db/client';
import { findAsset } from '../catalogue/store';
import { crossPrice } from './pricing';
import * as store from './store';

export interface ResolvedAsset {
  id: string;
  legacyId: string;
  decimals: number;
  blockchainId: string | null;
}

export async function resolveAsset(db: Db, workspaceId: string, idOrLegacy: string): Promise<ResolvedAsset | undefined> {
  const row = await findAsset(db, workspaceId, idOrLegacy);
  return row ? { id: row.id, legacyId: row.legacyId, decimals: row.decimals, blockchainId: row.blockchainId } : undefined;
}

/** The catalogue's USD prices of both assets, crossed: the price of one base unit in quote units. */
export async function marketPrice(db: Db, workspaceId: string, base: ResolvedAsset, quote: ResolvedAsset): Promise<string | undefined> {
  const [b, q] = await Promise.all([store.latestPrice(db, workspaceId, base.id), store.latestPrice(db, workspaceId, quote.id)]);
  if (b === undefined || q === undefined) return undefined;
  return crossPrice(b, q);
}
