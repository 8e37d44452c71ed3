import type { Db } from '../../db/client';
import { findAsset, setPrice } from '../catalogue/store';
import { seedVaultDemo } from '../vault/demo';
import * as store from './store';

/** USD prices for the pairs the simulated providers trade (decimal strings). */
export const DEMO_PRICES: Record<string, string> = { BTC: '65000', ETH: '3200', SOL: '150', XRP: '0.52', USDC: '1', USDT: '1' };

/** Trading for a workspace: the beta switched on, vault accounts with balances, and prices. */
export async function seedTradingDemo(db: Db, workspaceId: string, now = new Date()) {
  await store.setTradingEnabled(db, workspaceId, true);
  await seedVaultDemo(db, workspaceId);
  for (const [legacyId, price] of Object.entries(DEMO_PRICES)) {
    const asset = await findAsset(db, workspaceId, legacyId);
    if (asset) await setPrice(db, { workspaceId, assetId: asset.id, currency: 'USD', price }, now);
  }
}
