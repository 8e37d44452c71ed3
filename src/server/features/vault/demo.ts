import type { Db } from '../../db/client';
import * as store from './store';

export const DEMO_VAULT_ACCOUNTS: { id: string; name: string; balances: Record<string, string> }[] = [
  { id: '0', name: 'Treasury', balances: { BTC: '12.5', ETH: '250', USDC: '2500000', USDT: '1000000', SOL: '4000' } },
  { id: '1', name: 'Trading desk', balances: { BTC: '1.25', ETH: '40.000000000000000001', USDC: '150000' } },
  { id: '2', name: 'Cold storage', balances: { BTC: '80' } },
];

/** The demo vault accounts and their balances, for a workspace. */
export async function seedVaultDemo(db: Db, workspaceId: string) {
  for (const account of DEMO_VAULT_ACCOUNTS) {
    await store.addVaultAccount(db, { workspaceId, id: account.id, name: account.name });
    for (const [assetId, total] of Object.entries(account.balances)) await store.setBalance(db, { workspaceId, accountId: account.id, assetId, total });
  }
}
