import type { Db } from '../../db/client';
import { findAsset, setPrice } from '../catalogue/store';
import * as store from './store';

/** USD prices for the pairs the simulated providers trade (decimal strings). */
export const DEMO_PRICES: Record<string, string> = { BTC: '65000', ETH: '3200', SOL: '150', XRP: '0.52', USDC: '1', USDT: '1' };

export const DEMO_VAULT_ACCOUNTS: { id: string; name: string; balances: Record<string, string> }[] = [
  { id: '0', name: 'Treasury', balances: { BTC: '12.5', ETH: '250', USDC: '2500000', USDT: '1000000', SOL: '4000' } },
  { id: '1', name: 'Trading desk', balances: { BTC: '1.25', ETH: '40.000000000000000001', USDC: '150000' } },
  { id: '2', name: 'Cold storage', balances: { BTC: '80' } },
];

/** Trading for a workspace: the beta switched on, vault accounts with balances, and prices. */
export async function seedTradingDemo(db: Db, workspaceId: string, now = new Date()) {
  await store.setTradingEnabled(db, workspaceId, true);
  for (const account of DEMO_VAULT_ACCOUNTS) {
    await store.addVaultAccount(db, { workspaceId, id: account.id, name: account.name });
    for (const [assetId, total] of Object.entries(account.balances)) await store.setBalance(db, { workspaceId, accountId: account.id, assetId, total });
  }
  for (const [legacyId, price] of Object.entries(DEMO_PRICES)) {
    const asset = await findAsset(db, workspaceId, legacyId);
    if (asset) await setPrice(db, { workspaceId, assetId: asset.id, currency: 'USD', price }, now);
  }
}
