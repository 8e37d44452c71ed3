import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consistencyRanges, fromHex, verifyConsistency } from '../../../contract/merkle';
import { openDatabase } from '../../database';
import { ADVISORY_LOCKS } from '../../db/advisory-lock';
import type { Database, Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { createLogger } from '../../logger';
import { addWorkspace, createTestContext, type TestContext } from '../../test/harness';
import { appendAudit, type AuditActor, type AuditEntry } from './record';
import { sequenceAll, sequenceBatch, sequencerLag } from './sequencer';
import { verifyAuditChain } from './store';
import { rangeHashes, sha256, treeHead } from './tree-store';
import { auditTreeRound } from './tree-worker';

let ctx: TestContext;
const NOW = Date.UTC(2026, 10, 30, 12, 0, 0);
const onPostgres = Boolean(process.env.DATABASE_URL);

const actor = (workspaceId: string, n = 0): AuditActor => ({ workspaceId, userId: `u-${n}`, userName: `Writer ${n}`, requestId: null, sourceAddress: null });
const entries = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => ({ category: 'Catalogue', subject: 'Price', event: `Set ${from + i}`, detail: { n: from + i } }) as AuditEntry);
const round = (db: Db = ctx.deps.db) => auditTreeRound(db, createLogger('silent'), ctx.deps.now, 0);

/** The workspace's seqs in order, and how many of its events still wait. */
async function chainOf(workspaceId: string) {
  const seqs = await queryRows<{ seq: string }>(ctx.deps.db, sql`select seq from audit_events where workspace_id = ${workspaceId}::uuid order by seq`);
  const [pending] = await queryRows<{ n: number }>(
    ctx.deps.db,
    sql`select count(*)::int as n from audit_events_pending where workspace_id = ${workspaceId}::uuid`,
  );
  return { seqs: seqs.map((r) => Number(r.seq)), pending: pending!.n };
}

/** No gap, no repeat, from 1; the chain's hashes hold. */
async function expectWholeChain(workspaceId: string, events: number) {
  const { seqs, pending } = await chainOf(workspaceId);
  expect(pending).toBe(0);
  expect(seqs).toEqual(Array.from({ length: events }, (_, i) => i + 1));
  expect(await verifyAuditChain(ctx.deps.db, workspaceId, 0, NOW + 86_400_000)).toMatchObject({ verified: true, checked: events });
}

/** Whether the workspace's newest signed head extends `earlier` (a consistency proof from the stored tree). */
async function extendsHead(workspaceId: string, earlier: { treeSize: number; rootHash: string }) {
  const latest = (await treeHead(ctx.deps.db, workspaceId))!;
  const path = await rangeHashes(ctx.deps.db, workspaceId, consistencyRanges(earlier.treeSize, latest.treeSize));
  return verifyConsistency(sha256, earlier.treeSize, latest.treeSize, path, fromHex(earlier.rootHash), fromHex(latest.rootHash));
}

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set(NOW);
});
afterAll(() => ctx.database.close());

describe('the audit sequencer', () => {
  it('chains a write’s events in the order written, each workspace after its own last event', async () => {
    const a = await addWorkspace(ctx, 'Order Co A');
    const b = await addWorkspace(ctx, 'Order Co B');
    await appendAudit(ctx.deps.db, actor(a.id), entries(3), ctx.deps.now());
    await appendAudit(ctx.deps.db, actor(b.id), entries(2), ctx.deps.now());
    await appendAudit(ctx.deps.db, actor(a.id), entries(2, 3), ctx.deps.now());
    await sequenceAll(ctx.deps.db);
    const events = await queryRows<{ event: string }>(
      ctx.deps.db,
      sql`select event from audit_events where workspace_id = ${a.id}::uuid and category = 'Catalogue' order by seq`,
    );
    expect(events.map((e) => e.event)).toEqual(['Set 0', 'Set 1', 'Set 2', 'Set 3', 'Set 4']);
    for (const ws of [a, b]) await expectWholeChain(ws.id, (await chainOf(ws.id)).seqs.length);
  });

  it('reports its lag, keeps up with a flood of writes or falls behind visibly, and loses no event', async () => {
    const flooded = await addWorkspace(ctx, 'Flood Co');
    const before = (await chainOf(flooded.id)).seqs.length;
    const WRITERS = 8;
    const WRITES = 60;
    let writing = true;
    const lags: number[] = [];
    // The sequencer runs as a service's does, round after round, while the writers write.
    const sequencer = (async () => {
      while (writing || (await sequencerLag(ctx.deps.db)).pending > 0) {
        lags.push((await sequencerLag(ctx.deps.db)).pending);
        await round();
      }
    })();
    await Promise.all(
      Array.from({ length: WRITERS }, async (_, w) => {
        for (let i = 0; i < WRITES; i++) await appendAudit(ctx.deps.db, actor(flooded.id, w), entries(3, i * 3), ctx.deps.now());
      }),
    );
    writing = false;
    await sequencer;
    expect(lags.length).toBeGreaterThan(0);
    expect(await sequencerLag(ctx.deps.db)).toEqual({ pending: 0, oldestSeconds: 0 });
    await expectWholeChain(flooded.id, before + WRITERS * WRITES * 3);
  });

  // Instances are separate connections to one PostgreSQL server; the embedded database has one.
  describe.runIf(onPostgres)('on several instances', () => {
    let second: Database;
    beforeAll(async () => {
      second = await openDatabase({ url: ctx.database.url! });
    });
    afterAll(() => second.close());

    it('never sequences in two places at once: the other instance finds the lock held and moves nothing', async () => {
      const ws = await addWorkspace(ctx, 'Lock Co');
      await appendAudit(ctx.deps.db, actor(ws.id), entries(5), ctx.deps.now());
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let holding!: () => void;
      const held = new Promise<void>((resolve) => (holding = resolve));
      const holder = second.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.auditSequencer})`);
        holding();
        await released;
      });
      await held;
      expect(await sequenceBatch(ctx.deps.db)).toEqual({ sequenced: 0, held: true, delays: [] });
      expect((await chainOf(ws.id)).pending).toBe(5);
      release();
      await holder;
      expect((await sequenceBatch(ctx.deps.db)).sequenced).toBeGreaterThanOrEqual(5);
      await expectWholeChain(ws.id, (await chainOf(ws.id)).seqs.length);
    });

    it('when the holder dies mid-batch, the other takes the same events over: no gap, no repeated position, consistent tree heads', async () => {
      const ws = await addWorkspace(ctx, 'Takeover Co');
      await appendAudit(ctx.deps.db, actor(ws.id), entries(50), ctx.deps.now());
      await round();
      const earlier = (await treeHead(ctx.deps.db, ws.id))!;
      await appendAudit(ctx.deps.db, actor(ws.id), entries(300, 50), ctx.deps.now());
      // The holder takes the lock and the events, then its connection is cut (a killed instance):
      // its transaction rolls back and the lock goes with it.
      const killed = second.db
        .transaction(async (tx) => {
          await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.auditSequencer})`);
          await tx.execute(sql`delete from audit_events_pending where workspace_id = ${ws.id}::uuid`);
          await tx.execute(sql`select pg_terminate_backend(pg_backend_pid())`);
        })
        .then(
          () => 'committed',
          () => 'died',
        );
      expect(await killed).toBe('died');
      expect((await chainOf(ws.id)).pending).toBe(300);
      await round();
      await expectWholeChain(ws.id, (await chainOf(ws.id)).seqs.length);
      expect((await chainOf(ws.id)).seqs.length).toBe(earlier.treeSize + 300);
      expect(await extendsHead(ws.id, earlier)).toBe(true);
    });

    it('two instances sequencing while many write: every event once, in one chain per workspace', async () => {
      const ws = await addWorkspace(ctx, 'Two Sequencers Co');
      const before = (await chainOf(ws.id)).seqs.length;
      let writing = true;
      const moved = [0, 0];
      const sequencer = (db: Db, i: number) =>
        (async () => {
          while (writing || (await sequencerLag(db)).pending > 0) {
            const batch = await sequenceBatch(db, 50);
            moved[i]! += batch.sequenced;
            if (batch.sequenced === 0) await new Promise((resolve) => setTimeout(resolve, 5));
          }
        })();
      const sequencers = [sequencer(ctx.deps.db, 0), sequencer(second.db, 1)];
      await Promise.all(
        Array.from({ length: 6 }, async (_, w) => {
          const db = w % 2 ? second.db : ctx.deps.db;
          for (let i = 0; i < 40; i++) await appendAudit(db, actor(ws.id, w), entries(2, i * 2), ctx.deps.now());
        }),
      );
      writing = false;
      await Promise.all(sequencers);
      expect(moved[0]! + moved[1]!).toBeGreaterThanOrEqual(480);
      await expectWholeChain(ws.id, before + 480);
    });
  });
});
