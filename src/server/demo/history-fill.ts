import { eq, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { apiUsers, demoHistoryFills, users } from '../db/schema';
import type { Logger } from '../logger';
import { giveWay } from '../workers/give-way';
import { refreshStatistics } from '../workers/housekeeping';
import { appendNewestUnwritten, HISTORY_BATCH, historyTimes, type HistoryPlan, type Person } from './audit-history';

/**
 * The demo's year of audit history (100,000 events) took most of a first start when it was written
 * before the service answered: now the first start writes its newest events only, and the rest is
 * written here, after the service is ready, newest first (the explorer's default range is full at
 * once), one batch per transaction with a turn of the event loop between them, so requests are
 * served meanwhile. Progress is kept in demo_history_fills with each batch: a restart resumes where
 * the last batch committed, and a stop waits for the batch at hand.
 */

/** Written before the service answers: the newest four days or so of the year. */
export const DEMO_RECENT_EVENTS = 1_000;
const LOG_EVERY = 10_000;
const STATISTICS_EVERY = 20_000;

const counted = (n: number) => n.toLocaleString('en-US');

/** The people who act in the demo's history, in the same order at the first start and at every resume. */
async function historyPeople(db: Db, workspaceId: string): Promise<Person[]> {
  const people = await db.select({ id: users.id, name: users.displayName, role: users.role }).from(users).where(eq(users.workspaceId, workspaceId));
  const bots = await db.select({ id: apiUsers.id, name: apiUsers.name, role: apiUsers.role }).from(apiUsers).where(eq(apiUsers.workspaceId, workspaceId));
  return [...people, ...bots].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** At the first start, in the seed's transaction: the newest events now, and the plan for the rest. */
export async function beginDemoHistory(db: Db, workspaceId: string, total: number, endMs: number, seed = 2026): Promise<void> {
  const plan = { count: total, endMs, seed };
  const written = await appendNewestUnwritten(db, workspaceId, await historyPeople(db, workspaceId), plan, historyTimes(plan), 0, DEMO_RECENT_EVENTS);
  await db.insert(demoHistoryFills).values({ workspaceId, total, written, endMs, seed });
}

/**
 * Writes what is left of any demo history, then stops. Several instances on one PostgreSQL take the
 * batches in turn (each locks the plan's row for its batch); one that finds the row locked leaves
 * the rest to the instance holding it.
 */
export function startDemoHistoryFill(db: Db, logger: Logger): { finished: Promise<void>; stop(): Promise<void> } {
  const stopping = new AbortController();
  const run = async () => {
    let prepared: { workspaceId: string; people: Person[]; plan: HistoryPlan; times: number[] } | undefined;
    let began: { at: number; written: number } | undefined;
    while (!stopping.signal.aborted) {
      const batchBegan = performance.now();
      const step = await db.transaction(async (tx) => {
        const [fill] = await tx
          .select()
          .from(demoHistoryFills)
          .where(lt(demoHistoryFills.written, demoHistoryFills.total))
          .limit(1)
          .for('update', { skipLocked: true });
        if (!fill) return undefined;
        if (prepared?.workspaceId !== fill.workspaceId) {
          const plan = { count: fill.total, endMs: fill.endMs, seed: fill.seed };
          prepared = { workspaceId: fill.workspaceId, people: await historyPeople(tx, fill.workspaceId), plan, times: historyTimes(plan) };
        }
        const wrote = await appendNewestUnwritten(tx, fill.workspaceId, prepared.people, prepared.plan, prepared.times, fill.written, HISTORY_BATCH);
        await tx
          .update(demoHistoryFills)
          .set({ written: fill.written + wrote })
          .where(eq(demoHistoryFills.workspaceId, fill.workspaceId));
        return { before: fill.written, written: fill.written + wrote, total: fill.total };
      });
      if (!step) break;
      if (!began) {
        began = { at: performance.now(), written: step.before };
        logger.info(
          { written: step.before, total: step.total },
          `demo history: writing the other ${counted(step.total - step.before)} events in the background`,
        );
      }
      const crossed = (every: number) => Math.floor(step.written / every) > Math.floor(step.before / every);
      if (crossed(LOG_EVERY) || step.written === step.total) {
        logger.info({ written: step.written, total: step.total }, `demo history: ${counted(step.written)} of ${counted(step.total)} events written`);
      }
      // The planner's statistics were gathered when the log was a thousand events: as it grows, the
      // explorer's queries need new ones (the sample is bounded, so each costs about the same).
      if (crossed(STATISTICS_EVERY) || step.written === step.total) await refreshStatistics(db);
      if (step.written < step.total) await giveWay(performance.now() - batchBegan, stopping.signal);
    }
    if (began && !stopping.signal.aborted) {
      logger.info({ seconds: Math.round((performance.now() - began.at) / 1000) }, 'demo history: complete');
    }
  };
  const running: Promise<void> = run().catch((err: unknown) => logger.error({ err }, 'demo history: writing it failed; the next start resumes it'));
  return {
    finished: running,
    stop: async () => {
      stopping.abort();
      await running;
    },
  };
}
