import type { Db } from '../../db/client';
import { chainAsset, vaultAddress } from '../vault/chain-asset';
import { submitTransfer } from './service';

/**
 * A few transfers for the demo workspace, submitted at seeding so the transaction engine takes them
 * through their statuses as soon as the service runs: completed, blocked by policy, dropped, and
 * one stuck in CONFIRMING that raises the stuck alert.
 */
const DEMO_TRANSFERS = [
  { assetId: 'USDC', from: '0', to: '1', amount: '25000', outcome: 'COMPLETED', note: 'Fund the trading desk' },
  { assetId: 'BTC', from: '2', to: '0', amount: '1.5', outcome: 'COMPLETED', note: 'Cold storage to treasury' },
  {
    assetId: 'ETH',
    from: '0',
    address: '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
    amount: '3.2',
    outcome: 'BLOCKED_BY_POLICY',
    note: 'Payout to a new address',
  },
  {
    assetId: 'SOL',
    from: '0',
    address: '7EYnhQoR9YM3N7UoaKRoA44Uy8JeaZV3qyouov87awMs',
    amount: '120',
    outcome: 'DROPPED_BY_BLOCKCHAIN',
    note: 'Validator top-up',
  },
  { assetId: 'ETH', from: '1', to: '0', amount: '0.75', outcome: 'STUCK', note: 'Low-fee sweep' },
] as const;

export async function seedTransactionsDemo(db: Db, workspaceId: string, createdBy: string, now = new Date()) {
  for (const t of DEMO_TRANSFERS) {
    const asset = await chainAsset(db, workspaceId, t.assetId);
    if (!asset) continue;
    const to = 'to' in t ? t.to : undefined;
    await submitTransfer(
      db,
      {
        workspaceId,
        asset,
        source: { type: 'VAULT_ACCOUNT', id: t.from },
        destination: to ? { type: 'VAULT_ACCOUNT', id: to } : { type: 'ONE_TIME_ADDRESS' },
        destinationAddress: to ? vaultAddress(workspaceId, to, asset) : (t as { address: string }).address,
        amount: t.amount,
        note: t.note,
        outcome: t.outcome,
        balancesMoved: false,
        createdBy,
      },
      now,
    );
  }
}
