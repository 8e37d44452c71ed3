import { CHANNELS } from '../../db/notify';
import { giveWay } from '../../workers/give-way';
import { startPoller, type Poller, type WorkerContext } from '../../workers/poller';
import type { Db } from '../../db/client';
import type { Logger } from '../../logger';
import { loadTreeHeadKey, type TreeHeadKey } from './tree-keys';
import { SEQUENCE_BATCH, sequenceBatch } from './sequencer';
import { TALLY_BATCH, tallyBatch } from './tallies';
import { extendTree, laggingTrees, signTree, unsignedTrees } from './tree-store';

/** Events added to a tree per transaction: large enough that a catch-up of a million events is quick, small enough that a batch holds its tree's row briefly. */
export const TREE_BATCH = 2_000;
/** A catch-up (of a tree, or of the tallies) at least this long is logged with its duration. */
const LOGGED_CATCH_UP = 10_000;

/** What a round reports of its sequencing: each event's wait between its write and its place in the chain, in seconds. */
export type OnSequenced = (delays: number[]) => void;

/**
 * One round: sequences the pending events (sequencer.ts), extends every tree that is behind,
 * signs the trees that grew whose last head is at least `headIntervalMs` old, then extends the
 * tallies (tallies.ts). Answers when the next head is due (undefined when none waits), or now when
 * another instance was sequencing or tallying.
 *
 * A catch-up after a bulk load (a tree's, the tallies') goes in batches, each followed by giveWay
 * and by the small work: new events sequenced, every other tree extended by a batch, due heads
 * signed. So a workspace's events get their place, leaf and signed head while another workspace's
 * year of history is added, rather than after it.
 */
export async function auditTreeRound(
  db: Db,
  logger: Logger,
  now: () => Date,
  headIntervalMs: number,
  signal?: AbortSignal,
  onSequenced?: OnSequenced,
): Promise<Date | undefined> {
  let held = false;
  const sequence = async () => {
    for (;;) {
      const batch = await sequenceBatch(db);
      if (batch.delays.length > 0) onSequenced?.(batch.delays);
      held ||= batch.held;
      if (batch.held || batch.sequenced < SEQUENCE_BATCH || signal?.aborted) return;
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  const catchingUp = new Map<string, { began: number; added: number }>();
  let key: TreeHeadKey | undefined;
  let nextDue: number | undefined;
  /** Every tree that is behind extended by one batch, then the heads that are due signed; answers whether a tree is still behind. */
  const treePass = async () => {
    let behind = false;
    for (const workspaceId of await laggingTrees(db)) {
      const began = performance.now();
      const step = await extendTree(db, workspaceId, TREE_BATCH);
      const catchUp = catchingUp.get(workspaceId) ?? { began, added: 0 };
      catchUp.added += step;
      catchingUp.set(workspaceId, catchUp);
      if (signal?.aborted) return false;
      if (step === TREE_BATCH) {
        behind = true;
        await giveWay(performance.now() - began, signal);
        await sequence();
        continue;
      }
      catchingUp.delete(workspaceId);
      if (catchUp.added >= LOGGED_CATCH_UP) {
        const seconds = (performance.now() - catchUp.began) / 1000;
        const events = catchUp.added;
        logger.info({ workspaceId, events, seconds }, `audit tree: ${events.toLocaleString('en-US')} events added in ${seconds.toFixed(1)} s`);
      }
    }
    const at = now();
    nextDue = undefined;
    for (const tree of await unsignedTrees(db)) {
      const due = (tree.signedAt?.getTime() ?? -Infinity) + headIntervalMs;
      if (due <= at.getTime()) {
        key ??= await loadTreeHeadKey(db, at);
        await signTree(db, tree.workspaceId, key, at);
      } else {
        nextDue = Math.min(nextDue ?? Infinity, due);
      }
    }
    return behind;
  };
  await sequence();
  while ((await treePass()) && !signal?.aborted);
  // The tallies last, in transactions of their own: neither the chaining nor the tree and its
  // heads wait for them (after a bulk load they have the most to do: minutes at a million events).
  const talliesBegan = performance.now();
  let tallied = 0;
  for (;;) {
    const batchBegan = performance.now();
    const batch = await tallyBatch(db);
    held ||= batch.held;
    tallied += batch.tallied;
    if (batch.held || batch.tallied < TALLY_BATCH || signal?.aborted) break;
    await giveWay(performance.now() - batchBegan, signal);
    await sequence();
    await treePass();
  }
  if (tallied >= LOGGED_CATCH_UP) {
    const seconds = (performance.now() - talliesBegan) / 1000;
    logger.info({ events: tallied, seconds }, `audit tallies: ${tallied.toLocaleString('en-US')} events counted in ${seconds.toFixed(1)} s`);
  }
  // Held: the other instance may die mid-batch, so look again after the busy wait.
  if (held) return now();
  return nextDue === undefined ? undefined : new Date(nextDue);
}

/**
 * Sequences the events writes recorded, then extends each workspace's Merkle tree up to its
 * sequenced events, in seq order, in batches, and signs a head when the tree grew and
 * `headIntervalMs` passed since the last one. Woken by the notice every write of events sends
 * (audit migrations 0001 and 0002), and so also brings up to date the events written before the
 * tree existed. Instances share the work: one sequences at a time (the others find its lock taken
 * and look again after the busy wait), and each tree batch and signing locks the tree's row, so an
 * instance finding it locked leaves that tree to the other.
 */
export function startAuditTreeWorker(worker: WorkerContext, headIntervalMs: number, onSequenced?: OnSequenced): Poller {
  const { db, logger, now } = worker;
  const round = (signal: AbortSignal) => auditTreeRound(db, logger, now, headIntervalMs, signal, onSequenced);
  return startPoller('audit tree', round, logger, { ...worker, channel: CHANNELS.auditEvents, busyMs: 1_000 });
}
