import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, asc, count, eq, gte, lte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { auditEvents, demoHistoryFills } from '../db/schema';
import { verifyAuditChain } from '../features/audit/store';
import { createLogger } from '../logger';
import { LogCapture, openTestDatabase } from '../test/harness';
import { HISTORY_BATCH, historyTimes } from './audit-history';
import { DEMO_RECENT_EVENTS, startDemoHistoryFill } from './history-fill';
import { seedDemo } from './seed';

const TOTAL = 2_600;
let database: Database;
let workspaceId: string;
let endMs: number;
const keyDir = mkdtempSync(join(tmpdir(), 'ao-demo-history-'));

/** The history's events, by time: the year before the seed. */
const history = () =>
  database.db
    .select({ seq: auditEvents.seq, timestamp: auditEvents.timestamp })
    .from(auditEvents)
    .where(and(eq(auditEvents.workspaceId, workspaceId), gte(auditEvents.timestamp, endMs - 366 * 24 * 3_600_000), lte(auditEvents.timestamp, endMs)))
    .orderBy(asc(auditEvents.timestamp));
const progress = async () => (await database.db.select().from(demoHistoryFills).where(eq(demoHistoryFills.workspaceId, workspaceId)))[0]!;

beforeAll(async () => {
  database = await openTestDatabase();
  const before = Date.now();
  ({ workspaceId } = await seedDemo(database.db, { keyDir, password: 'demo-history-password', auditEvents: TOTAL }));
  endMs = (await progress()).endMs;
  expect(endMs).toBeGreaterThanOrEqual(before);
});
afterAll(async () => {
  await database.close();
  rmSync(keyDir, { recursive: true, force: true });
});

describe('the demo history', () => {
  it('spreads its events over the year before its end, or over the days a plan names', () => {
    const DAY = 24 * 3_600_000;
    const end = Date.UTC(2026, 10, 30);
    const year = historyTimes({ count: 1_000, endMs: end, seed: 7 });
    const days = historyTimes({ count: 1_000, endMs: end, seed: 7, days: 45 });
    expect(year[0]).toBeGreaterThan(end - 365 * DAY);
    expect(year[0]).toBeLessThan(end - 360 * DAY);
    expect(days[0]).toBeGreaterThan(end - 45 * DAY);
    expect(days[0]).toBeLessThan(end - 44 * DAY);
    expect(Math.max(...year, ...days)).toBeLessThanOrEqual(end);
  });

  it('has its newest events from the first start; the rest is left to write after ready', async () => {
    // Whole batches: the newest (100 events, the rest of 2,600 after batches of 250) and four more.
    expect(await progress()).toMatchObject({ written: 1_100, total: TOTAL });
    const times = historyTimes({ count: TOTAL, endMs, seed: 2026 });
    expect((await history()).map((e) => e.timestamp)).toEqual(times.slice(-1_100));
  });

  it('stops after the batch at hand, resumes where it stopped, newest first, and ends with the whole year in a chain that verifies', async () => {
    const logs = new LogCapture();
    const first = startDemoHistoryFill(database.db, createLogger('info', logs));
    await first.stop();
    const stopped = (await progress()).written;
    expect(stopped).toBeGreaterThan(DEMO_RECENT_EVENTS);
    expect(stopped).toBeLessThan(TOTAL);

    const second = startDemoHistoryFill(database.db, createLogger('info', logs));
    await second.finished;
    expect(await progress()).toMatchObject({ written: TOTAL, total: TOTAL });
    expect(logs.text).toContain(`demo history: writing the other ${(TOTAL - stopped).toLocaleString('en-US')} events in the background`);
    expect(logs.text).toContain(`demo history: 2,600 of 2,600 events written`);

    // Exactly the plan's events, once each, whatever the interruption; the newer were written first.
    const written = await history();
    expect(written.map((e) => e.timestamp)).toEqual(historyTimes({ count: TOTAL, endMs, seed: 2026 }));
    const oldest = written.slice(0, HISTORY_BATCH);
    const newerBatch = written.slice(-1_100 - 250, -1_100);
    expect(Math.min(...oldest.map((e) => e.seq))).toBeGreaterThan(Math.max(...newerBatch.map((e) => e.seq)));
    expect(await verifyAuditChain(database.db, workspaceId, 0, Number.MAX_SAFE_INTEGER)).toMatchObject({ verified: true });

    // A later start finds nothing left to write.
    const events = async () => (await database.db.select({ n: count() }).from(auditEvents).where(eq(auditEvents.workspaceId, workspaceId)))[0]!.n;
    const before = await events();
    await startDemoHistoryFill(database.db, createLogger('info', logs)).finished;
    expect(await events()).toBe(before);
  });
});
