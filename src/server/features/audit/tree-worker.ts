import { CHANNELS } from '../../db/notify';
import { startPoller, type Poller, type WorkerContext } from '../../workers/poller';
import type { Db } from '../../db/client';
import type { Logger } from '../../logger';
import { loadTreeHeadKey, type TreeHeadKey } from './tree-keys';
import { extendTree, laggingTrees, signTree, unsignedTrees } from './tree-store';

/** Events added to a tree per transaction: large enough that a catch-up of a million events is quick, small enough that a batch holds its tree's row briefly. */
const TREE_BATCH = 2_000;
/** A catch-up at least this long is logged with its duration. */
const LOGGED_CATCH_UP = 10_000;

/**
 * One round: extends every tree that is behind, then signs the trees that grew whose last head is
 * at least `headIntervalMs` old. Answers when the next head is due (undefined when none waits).
 */
export async function auditTreeRound(db: Db, logger: Logger, now: () => Date, headIntervalMs: number, signal?: AbortSignal): Promise<Date | undefined> {
  for (const workspaceId of await laggingTrees(db)) {
    const began = performance.now();
    let added = 0;
    for (;;) {
      const step = await extendTree(db, workspaceId, TREE_BATCH);
      added += step;
      if (step < TREE_BATCH || signal?.aborted) break;
      // Requests that arrived during the batch go before the next one.
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (added >= LOGGED_CATCH_UP) {
      const seconds = (performance.now() - began) / 1000;
      logger.info({ workspaceId, events: added, seconds }, `audit tree: ${added.toLocaleString('en-US')} events added in ${seconds.toFixed(1)} s`);
    }
  }
  let nextDue: number | undefined;
  const at = now();
  let key: TreeHeadKey | undefined;
  for (const tree of await unsignedTrees(db)) {
    const due = (tree.signedAt?.getTime() ?? -Infinity) + headIntervalMs;
    if (due <= at.getTime()) {
      key ??= await loadTreeHeadKey(db, at);
      await signTree(db, tree.workspaceId, key, at);
    } else {
      nextDue = Math.min(nextDue ?? Infinity, due);
    }
  }
  return nextDue === undefined ? undefined : new Date(nextDue);
}

/**
 * Extends each workspace's Merkle tree up to its committed events, in seq order, in batches, and
 * signs a head when the tree grew and `headIntervalMs` passed since the last one. Woken by the
 * notice every append of events sends (audit migration 0001), and so also brings up to date the
 * events written before the tree existed. Instances share the work: each batch and each signing
 * locks the tree's row, and an instance finding it locked leaves that tree to the other.
 */
export function startAuditTreeWorker(worker: WorkerContext, headIntervalMs: number): Poller {
  const { db, logger, now } = worker;
  const round = (signal: AbortSignal) => auditTreeRound(db, logger, now, headIntervalMs, signal);
  return startPoller('audit tree', round, logger, { ...worker, channel: CHANNELS.auditEvents, busyMs: 1_000 });
}
