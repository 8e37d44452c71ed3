import { randomUUID } from 'node:crypto';
import type { PeerPath, TransactionStatus } from '../../../contract/transactions';
import type { WebhookEvent } from '../../../contract/webhooks';
import type { Db } from '../../db/client';
import { CHANNELS, notify } from '../../db/notify';
import { findAsset, findBlockchain } from '../catalogue/store';
import { enqueueEvent } from '../webhooks/outbox';
import { simulatedAddress, simulatedTxHash } from './chain-sim';
import * as store from './store';
import { forPayload, toDetails, type TimelineEntry, type TransactionRow } from './view';

/** Confirmations a transaction needs before it is COMPLETED: the workspace threshold (every workspace uses the default for now). */
export const CONFIRMATION_THRESHOLD = 3;
/** The simulated chain moves a transaction one status (or one block) per step. */
export const TX_STEP_MS = 1_000;

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
  const asset = await findAsset(db, workspaceId, assetId);
  if (!asset) return undefined;
  const chain = asset.blockchainId ? await findBlockchain(db, asset.blockchainId) : undefined;
  const native = chain ? await findAsset(db, workspaceId, chain.nativeAssetId) : undefined;
  const standard = (asset.standards as string[])[0];
  return {
    legacyId: asset.legacyId,
    assetType: asset.assetClass === 'NATIVE' ? 'BASE_ASSET' : ((standard && ASSET_TYPES[standard]) ?? standard ?? 'BASE_ASSET'),
    blockchainId: chain?.id ?? null,
    protocol: chain?.protocol ?? 'EVM',
    baseAsset: native?.legacyId ?? asset.legacyId,
  };
}

/** The address a vault account holds an asset's chain at (deterministic, as the simulated chain has no keys). */
export const vaultAddress = (workspaceId: string, accountId: string, asset: ChainAsset) =>
  simulatedAddress(asset.protocol, `${workspaceId}:vault:${accountId}:${asset.blockchainId ?? asset.legacyId}`);

/** Writes the webhook notifications of a transaction change, in the caller's database transaction. */
export async function announce(db: Db, row: TransactionRow, events: WebhookEvent[], now: Date) {
  const data = forPayload(toDetails(row));
  for (const eventType of events) await enqueueEvent(db, { workspaceId: row.workspaceId, eventType, resourceId: row.id, data }, now);
}

export interface NewTransfer {
  workspaceId: string;
  asset: ChainAsset;
  source: PeerPath;
  destination: PeerPath;
  destinationAddress: string;
  destinationTag?: string;
  amount: string;
  note?: string;
  externalTxId?: string;
  treatAsGrossAmount?: boolean;
  outcome: string;
  /** True when the creator has already moved the balances (an order's settlement). */
  balancesMoved: boolean;
  orderId?: string;
  createdBy: string;
}

/** Creates a SUBMITTED transaction and announces it; the engines, woken when it commits, take it from there. */
export async function submitTransfer(db: Db, t: NewTransfer, now: Date): Promise<TransactionRow> {
  const id = randomUUID();
  const sourceAddress =
    t.source.type === 'VAULT_ACCOUNT' && t.source.id ? vaultAddress(t.workspaceId, t.source.id, t.asset) : simulatedAddress(t.asset.protocol, `${id}:source`);
  const timeline: TimelineEntry[] = [{ status: 'SUBMITTED', at: now.getTime() }];
  const row = await store.insertTransaction(db, {
    id,
    workspaceId: t.workspaceId,
    externalTxId: t.externalTxId ?? null,
    status: 'SUBMITTED' satisfies TransactionStatus,
    operation: 'TRANSFER',
    assetId: t.asset.legacyId,
    assetType: t.asset.assetType,
    blockchainId: t.asset.blockchainId,
    protocol: t.asset.protocol,
    source: t.source,
    destination: t.destination,
    sourceAddress,
    destinationAddress: t.destinationAddress,
    destinationTag: t.destinationTag ?? null,
    amount: t.amount,
    feeCurrency: t.asset.baseAsset,
    treatAsGrossAmount: t.treatAsGrossAmount ?? false,
    // Fixed now, shown only once the transaction is broadcast.
    txHash: simulatedTxHash(t.asset.protocol, id),
    confirmationsRequired: CONFIRMATION_THRESHOLD,
    note: t.note ?? null,
    outcome: t.outcome,
    balancesMoved: t.balancesMoved,
    orderId: t.orderId ?? null,
    createdBy: t.createdBy,
    timeline,
    createdAt: now,
    updatedAt: now,
    nextStepAt: new Date(now.getTime() + TX_STEP_MS),
  });
  await notify(db, CHANNELS.transactions);
  await announce(db, row, ['transaction.created'], now);
  return row;
}
