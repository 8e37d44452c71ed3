import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LiveNoticeBody as LiveNotice } from '../../../contract/live-events';
import { createApp } from '../../app';
import type { Database } from '../../db/client';
import { openDatabase } from '../../database';
import {
  addApiUser,
  addWorkspace,
  buildApp,
  consoleToken,
  createTestContext,
  jsonCaller,
  signedHeaders,
  signIn,
  WebhookReceiver,
  type TestContext,
} from '../../test/harness';
import { seedTradingDemo } from '../trading/demo';
import { runOnce, STEP_MS } from '../trading/engine';
import { deliverDue } from '../webhooks/delivery';
import { loadSigningKey } from '../webhooks/signing';
import { desc, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { auditEvents, refreshTokens } from '../../db/schema';
import { forgetPrincipals } from '../auth/principal-cache';
import { appendAudit } from '../audit/record';
import { sequenceAll } from '../audit/sequencer';
import { HEARTBEAT_MS } from './handlers';
import { closeLiveHub, purgeOldNotices, WINDOW_MS } from './hub';
import { LEASE_MS } from './leases';
import { liveEvents, liveStreamLeases } from './schema';
import { recordChange } from './record';

interface Received {
  event: string;
  id?: string;
  notice?: LiveNotice;
}

/** A stream read as the console reads it: every event, parsed, and a way to wait for one. */
class StreamReader {
  received: Received[] = [];
  private reader: ReadableStreamDefaultReader<Uint8Array>;
  private done: Promise<void>;

  constructor(response: Response) {
    this.reader = response.body!.getReader();
    this.done = this.pump();
  }

  private async pump() {
    const decoder = new TextDecoder();
    let text = '';
    for (;;) {
      const { value, done } = await this.reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      text += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = text.indexOf('\n\n')) >= 0) {
        const frame = text.slice(0, end);
        text = text.slice(end + 2);
        const fields = Object.fromEntries(
          frame
            .split('\n')
            .filter((line) => !line.startsWith(':'))
            .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
        ) as Record<string, string>;
        if (!fields.event) continue;
        this.received.push({ event: fields.event, id: fields.id, ...(fields.event === 'notice' ? { notice: JSON.parse(fields.data!) as LiveNotice } : {}) });
      }
    }
  }

  get notices() {
    return this.received.filter((r) => r.event === 'notice').map((r) => r.notice!);
  }

  async until(what: (received: Received[]) => boolean, timeoutMs = 5_000) {
    const end = Date.now() + timeoutMs;
    while (!what(this.received)) {
      if (Date.now() > end) throw new Error(`not received in time; got ${JSON.stringify(this.received)}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** The id of the stream's `ready` event, once it has come. */
  async ready() {
    await this.until((r) => r.some((e) => e.event === 'ready'));
    return this.received.find((e) => e.event === 'ready')!.id!;
  }

  /** Whether the service ended the stream within `timeoutMs`. */
  async endsWithin(timeoutMs: number) {
    return Promise.race([this.done.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), timeoutMs))]);
  }

  async close() {
    await this.reader.cancel();
    await this.done;
  }
}

type App = ReturnType<typeof buildApp>;

async function open(app: App, token: string, lastEventId?: string) {
  const res = await app.request('/v1/events/stream', {
    headers: { Authorization: `Bearer ${token}`, ...(lastEventId ? { 'Last-Event-ID': lastEventId } : {}) },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  return new StreamReader(res);
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

let ctx: TestContext;
let app: App;
/** A second instance: its own database connections and notice listener on PostgreSQL; on PGlite, a second app on the one database. */
let other: { app: App; database?: Database };
let a: Awaited<ReturnType<typeof addWorkspace>>;
let b: Awaited<ReturnType<typeof addWorkspace>>;
let tokens: { adminA: string; viewerA: string; viewerB: string };

beforeAll(async () => {
  ctx = await createTestContext();
  app = buildApp(ctx);
  if (ctx.database.url) {
    const database = await openDatabase({ url: ctx.database.url });
    other = { app: createApp({ ...ctx.deps, db: database.db }), database };
  } else {
    other = { app: createApp(ctx.deps) };
  }
  a = await addWorkspace(ctx, 'Live A', ['ADMIN', 'ADMIN', 'VIEWER']);
  b = await addWorkspace(ctx, 'Live B', ['VIEWER']);
  tokens = {
    adminA: await consoleToken(app, a.people[0]!.email),
    viewerA: await consoleToken(app, a.people[2]!.email),
    viewerB: await consoleToken(app, b.people[0]!.email),
  };
});

afterAll(async () => {
  closeLiveHub(ctx.deps.db);
  if (other.database) {
    closeLiveHub(other.database.db);
    await other.database.close();
  }
  await ctx.database.close();
});

describe(`live updates (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('a stream hears a change committed through another instance, scoped to its workspace and to what its role may read', async () => {
    const adminA = await open(app, tokens.adminA);
    const viewerA = await open(app, tokens.viewerA);
    const viewerB = await open(app, tokens.viewerB);
    await Promise.all([adminA.ready(), viewerA.ready(), viewerB.ready()]);

    // An approval request raised through the other instance: with the threshold of 1 in force, the
    // requester's own approval executes it at once, and each step is a notice.
    const raised = await jsonCaller(other.app)(tokens.adminA, 'PUT', '/v1/admin_quorum', { adminQuorumThreshold: 2 });
    expect(raised.status).toBe(202);
    await adminA.until(() => adminA.notices.some((n) => n.kind === 'approval' && n.status === 'EXECUTED'));
    const approvals = adminA.notices.filter((n) => n.kind === 'approval');
    expect(approvals.map((n) => n.status)).toEqual(['PENDING', 'PENDING', 'EXECUTED']);
    expect(new Set(approvals.map((n) => n.id)).size).toBe(1);
    expect(Object.keys(approvals[0]!).sort()).toEqual(['at', 'id', 'kind', 'status']);
    expect(new Date(approvals[0]!.at).toISOString()).toBe(approvals[0]!.at);

    // Transactions any role may read; approvals a viewer may not; workspace B hears nothing of A.
    await ctx.database.db.transaction((tx) => recordChange(tx, { workspaceId: a.id, kind: 'transaction', id: 'tx-a', status: 'SUBMITTED' }));
    await recordChange(ctx.database.db, { workspaceId: b.id, kind: 'transaction', id: 'tx-b', status: 'COMPLETED' });
    await viewerB.until(() => viewerB.notices.length > 0);
    await viewerA.until(() => viewerA.notices.length > 0);
    await adminA.until(() => adminA.notices.some((n) => n.id === 'tx-a'));
    await settle();
    expect(viewerA.notices.map((n) => n.id)).toEqual(['tx-a']);
    expect(viewerB.notices.map((n) => [n.id, n.status])).toEqual([['tx-b', 'COMPLETED']]);
    // The admin may also read the audit log, which the approval's steps wrote to (see the test of audit notices below).
    expect(adminA.notices.filter((n) => n.kind !== 'auditEvent').map((n) => n.kind)).toEqual(['approval', 'approval', 'approval', 'transaction']);
    await Promise.all([adminA.close(), viewerA.close(), viewerB.close()]);
  });

  it('new audit events reach only the roles that may read the log, one notice per write naming its newest event and nothing personal', async () => {
    const adminA = await open(app, tokens.adminA);
    const viewerA = await open(app, tokens.viewerA);
    const viewerB = await open(app, tokens.viewerB);
    await Promise.all([adminA.ready(), viewerA.ready(), viewerB.ready()]);

    const actor = { workspaceId: a.id, userId: 'u-live', userName: 'Live Tester', requestId: null, sourceAddress: '198.51.100.7' };
    const entry = (event: string) => ({ category: 'Security', subject: 'Sign-in', event, detail: { email: 'someone@live.test' } }) as const;
    await appendAudit(ctx.deps.db, actor, [entry('Signed in'), entry('Signed out')], new Date());
    // Heard once the sequencer has put them in the chain (a service's does within a second; none runs here).
    await sequenceAll(ctx.deps.db);
    const [newest] = await ctx.deps.db
      .select({ id: auditEvents.id })
      .from(auditEvents)
      .where(eq(auditEvents.workspaceId, a.id))
      .orderBy(desc(auditEvents.seq))
      .limit(1);
    await adminA.until(() => adminA.notices.some((n) => n.kind === 'auditEvent'));
    // Written through the other instance's request: a sign-in of workspace B's viewer, which B's viewer may not read either.
    await consoleToken(other.app, b.people[0]!.email);
    await settle();

    const audit = adminA.notices.filter((n) => n.kind === 'auditEvent');
    expect(audit).toHaveLength(1);
    expect(audit[0]!.id).toBe(newest!.id);
    expect(Object.keys(audit[0]!).sort()).toEqual(['at', 'id', 'kind']);
    expect(viewerA.notices.filter((n) => n.kind === 'auditEvent')).toEqual([]);
    expect(viewerB.notices).toEqual([]);
    await Promise.all([adminA.close(), viewerA.close(), viewerB.close()]);
  });

  it('an order placed through one instance is heard, with each status the engine moves it to, on the other', async () => {
    await seedTradingDemo(ctx.deps.db, a.id);
    const stream = await open(app, tokens.viewerA);
    await stream.ready();
    const placed = await jsonCaller(other.app)<{ id: string; status: string }>(tokens.adminA, 'POST', '/v1/trading/orders', {
      via: { type: 'PROVIDER', providerId: 'HARBOR' },
      executionRequestDetails: { type: 'MARKET', side: 'SELL', baseAmount: '100', baseAssetId: 'XRP', quoteAssetId: 'USDT' },
      settlement: { type: 'PREFUNDED', destinationAccount: { type: 'VAULT_ACCOUNT', accountId: '0' } },
    });
    expect(placed.status).toBe(202);
    await stream.until(() => stream.notices.some((n) => n.id === placed.body.id));
    // (The demo's own orders, which the engine moves too, may be heard as well.)
    expect(stream.notices.find((n) => n.id === placed.body.id)).toMatchObject({ kind: 'order', status: 'CREATED' });
    let t = Date.now();
    for (let i = 0; i < 3; i++) await runOnce(ctx.deps.db, new Date((t += STEP_MS * 5)));
    await stream.until(() => stream.notices.filter((n) => n.id === placed.body.id).length > 1);
    const statuses = stream.notices.filter((n) => n.id === placed.body.id).map((n) => n.status);
    expect(statuses.slice(1).some((status) => status !== 'CREATED')).toBe(true);
    await stream.close();
  });

  it('webhook changes and each step of a notification’s delivery are heard in the workspace, by the roles that may read webhooks, without URLs or payloads', async () => {
    const receiver = new WebhookReceiver();
    await receiver.start();
    const adminA = await open(app, tokens.adminA);
    const viewerA = await open(app, tokens.viewerA);
    const viewerB = await open(app, tokens.viewerB);
    await Promise.all([adminA.ready(), viewerA.ready(), viewerB.ready()]);
    try {
      // Every write goes through the other instance; the deliveries run here, at times far enough
      // apart that each finds its notification due (the first retry comes 10 s after a failure).
      const call = jsonCaller(other.app);
      const key = await loadSigningKey(ctx.deps.db, new Date());
      const start = Date.now();
      const deliverAt = (seconds: number) =>
        deliverDue(ctx.deps.db, key, { policy: { allowLocal: true }, timeoutMs: 2_000, retryScale: 1 }, () => new Date(start + seconds * 1000));
      // Subscribed to an event nothing else in this file raises: the test event is its only notification.
      const created = await call<{ id: string }>(tokens.adminA, 'POST', '/v1/webhooks', { url: receiver.url, events: ['transaction.alert.stuck'] });
      expect(created.status).toBe(201);
      const webhookId = created.body.id;
      const sent = await call<{ notificationId: string }>(tokens.adminA, 'POST', `/v1/webhooks/${webhookId}/test`);
      expect(sent.status).toBe(202);
      const { notificationId } = sent.body;

      receiver.answer = 503;
      expect(await deliverAt(1)).toBe(1);
      receiver.answer = 200;
      expect(await deliverAt(20)).toBe(1);
      expect(receiver.got).toHaveLength(2);
      expect((await call(tokens.adminA, 'POST', `/v1/webhooks/${webhookId}/notifications/${notificationId}/resend`)).status).toBe(202);
      // Disabled, the webhook holds the resent notification; enabled again, it goes out.
      expect((await call(tokens.adminA, 'PATCH', `/v1/webhooks/${webhookId}`, { enabled: false })).status).toBe(200);
      expect(await deliverAt(40)).toBe(0);
      expect((await call(tokens.adminA, 'PATCH', `/v1/webhooks/${webhookId}`, { enabled: true })).status).toBe(200);
      expect(await deliverAt(60)).toBe(1);
      expect((await call(tokens.adminA, 'DELETE', `/v1/webhooks/${webhookId}`)).status).toBe(200);

      const ours = (stream: StreamReader) => stream.notices.filter((n) => n.id === webhookId || n.id === notificationId);
      await adminA.until(() => ours(adminA).some((n) => n.status === 'DELETED'));
      await viewerA.until(() => ours(viewerA).some((n) => n.status === 'DELETED'));
      await settle();
      expect(ours(adminA).map((n) => [n.kind, n.status])).toEqual([
        ['webhook', 'ENABLED'],
        ['notification', 'IN_PROGRESS'], // queued
        ['notification', 'IN_PROGRESS'], // answered 503: tried again later
        ['notification', 'COMPLETED'],
        ['notification', 'IN_PROGRESS'], // resent
        ['webhook', 'DISABLED'],
        ['notification', 'ON_HOLD'],
        ['webhook', 'ENABLED'],
        ['notification', 'IN_PROGRESS'], // released
        ['notification', 'COMPLETED'],
        ['webhook', 'DELETED'],
      ]);
      // Any role may read webhooks and their notifications (the operations table): the viewer hears the same.
      expect(ours(viewerA)).toEqual(ours(adminA));
      expect(viewerB.notices.filter((n) => n.kind === 'webhook' || n.kind === 'notification')).toEqual([]);
      for (const notice of ours(adminA)) expect(Object.keys(notice).sort()).toEqual(['at', 'id', 'kind', 'status']);
      expect(JSON.stringify(adminA.received)).not.toContain(new URL(receiver.url).host);
    } finally {
      await Promise.all([adminA.close(), viewerA.close(), viewerB.close(), receiver.stop()]);
    }
  });

  it('never sends a change that rolled back', async () => {
    const stream = await open(app, tokens.viewerA);
    await stream.ready();
    await ctx.database.db
      .transaction(async (tx) => {
        await recordChange(tx, { workspaceId: a.id, kind: 'transaction', id: 'rolled-back', status: 'SUBMITTED' });
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await recordChange(ctx.database.db, { workspaceId: a.id, kind: 'order', id: 'kept', status: 'CREATED' });
    await stream.until(() => stream.notices.some((n) => n.id === 'kept'));
    await settle();
    expect(stream.notices.map((n) => n.id).filter((id) => ['rolled-back', 'kept'].includes(id))).toEqual(['kept']);
    await stream.close();
  });

  it('a reconnection with Last-Event-ID gets every notice it missed, in order, then goes on live', async () => {
    const first = await open(app, tokens.viewerA);
    await first.ready();
    await recordChange(ctx.database.db, { workspaceId: a.id, kind: 'transaction', id: 'seen', status: 'SUBMITTED' });
    await first.until(() => first.notices.some((n) => n.id === 'seen'));
    const last = first.received.at(-1)!.id!;
    await first.close();

    // Missed while away: written through both instances, with notices of another workspace between them.
    const missed = Array.from({ length: 12 }, (_, i) => `missed-${i}`);
    for (const [i, id] of missed.entries()) {
      const db = i % 2 === 0 ? ctx.database.db : (other.database?.db ?? ctx.database.db);
      await db.transaction(async (tx) => {
        await recordChange(tx, { workspaceId: a.id, kind: 'transaction', id, status: 'PENDING_SIGNATURE' });
        await recordChange(tx, { workspaceId: b.id, kind: 'transaction', id: `b-${id}`, status: 'PENDING_SIGNATURE' });
      });
    }
    const resumed = await open(other.app, tokens.viewerA, last);
    await resumed.ready();
    await recordChange(ctx.database.db, { workspaceId: a.id, kind: 'transaction', id: 'after', status: 'SUBMITTED' });
    await resumed.until(() => resumed.notices.some((n) => n.id === 'after'));
    // Each once, in order (the ready event stands where the replay met the live notices, which may be before the last missed one).
    const ours = resumed.notices.map((n) => n.id).filter((id) => missed.includes(id) || id === 'after');
    expect(ours).toEqual([...missed, 'after']);
    expect(resumed.received.findIndex((r) => r.event === 'ready')).toBeLessThan(resumed.received.findIndex((r) => r.notice?.id === 'after'));
    // Positions only grow, and the ready event stands after the replayed ones.
    const ids = resumed.received.map((r) => r.id!.split('.').map(BigInt));
    for (let i = 1; i < ids.length; i++) expect(ids[i]![0]! > ids[i - 1]![0]! || (ids[i]![0] === ids[i - 1]![0] && ids[i]![1]! >= ids[i - 1]![1]!)).toBe(true);
    await resumed.close();
  });

  it('says reset when the position is no longer kept, and refuses an id it never sent', async () => {
    const stream = await open(app, tokens.viewerA, '1.1');
    await stream.ready();
    // Live notices may follow at once: the earlier tests' last ones can still be on their way to this
    // instance's hub (it failed so once on PostgreSQL, with five of them after the ready event).
    expect(stream.received.slice(0, 2).map((r) => r.event)).toEqual(['reset', 'ready']);
    expect(stream.received.slice(2).every((r) => r.event === 'notice')).toBe(true);
    await stream.close();
    const res = await app.request('/v1/events/stream', { headers: { Authorization: `Bearer ${tokens.viewerA}`, 'Last-Event-ID': 'yesterday' } });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ message: expect.stringContaining('Last-Event-ID') as string, code: 400 });
    expect((await app.request('/v1/events/stream')).status).toBe(401);
  });

  it.runIf(process.env.DATABASE_URL)('holds a notice back until an older transaction still writing has ended, so none is passed over', async () => {
    const stream = await open(app, tokens.viewerA);
    await stream.ready();
    let releaseFirst!: () => void;
    const firstMayCommit = new Promise<void>((resolve) => (releaseFirst = resolve));
    let firstWrote!: () => void;
    const wrote = new Promise<void>((resolve) => (firstWrote = resolve));
    const first = ctx.database.db.transaction(async (tx) => {
      await recordChange(tx, { workspaceId: a.id, kind: 'transaction', id: 'older', status: 'SUBMITTED' });
      firstWrote();
      await firstMayCommit;
    });
    await wrote;
    await other.database!.db.transaction((tx) => recordChange(tx, { workspaceId: a.id, kind: 'transaction', id: 'younger', status: 'SUBMITTED' }));
    const ids = () => stream.notices.map((n) => n.id).filter((id) => id === 'older' || id === 'younger');
    await settle();
    expect(ids()).toEqual([]);
    releaseFirst();
    await first;
    await stream.until(() => ids().length === 2);
    expect(ids()).toEqual(['older', 'younger']);
    await stream.close();
  });
  it('keeps notices for the window and no longer: every instance’s housekeeping deletes older ones', async () => {
    await recordChange(ctx.deps.db, { workspaceId: a.id, kind: 'transaction', id: 'to-prune', status: 'SUBMITTED' });
    const kept = async () => (await ctx.deps.db.select().from(liveEvents).where(eq(liveEvents.objectId, 'to-prune'))).length;
    await purgeOldNotices(ctx.deps.db, new Date());
    expect(await kept()).toBe(1);
    await purgeOldNotices(ctx.deps.db, new Date(Date.now() + WINDOW_MS + 60_000));
    expect(await kept()).toBe(0);
  });

  it('refuses a user more open streams than the limit with 429 across instances, counts each user alone, and frees a place when a stream ends', async () => {
    const c = await addWorkspace(ctx, 'Live C', ['VIEWER', 'VIEWER']);
    const config = { ...ctx.deps.config, liveStreamsPerCaller: 2 };
    // Two instances on one database, each with the limit of 2: a user's streams on both count together.
    const first = createApp({ ...ctx.deps, config });
    const second = createApp({ ...ctx.deps, db: other.database?.db ?? ctx.deps.db, config });
    const [one, two] = [await consoleToken(first, c.people[0]!.email), await consoleToken(first, c.people[1]!.email)];
    const held = [await open(first, one), await open(second, one)];
    await Promise.all(held.map((stream) => stream.ready()));
    for (const instance of [first, second]) {
      const refused = await instance.request('/v1/events/stream', { headers: { Authorization: `Bearer ${one}` } });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBe(String(HEARTBEAT_MS / 1000));
      expect(await refused.json()).toEqual({ code: 429, message: expect.stringMatching(/at most 2 per user, on all instances together/) });
    }
    // Another user of the workspace has places of their own.
    const others = await open(second, two);
    await others.ready();
    await held[0]!.close();
    const deadline = Date.now() + 5_000;
    let again = await second.request('/v1/events/stream', { headers: { Authorization: `Bearer ${one}` } });
    while (again.status === 429 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      again = await second.request('/v1/events/stream', { headers: { Authorization: `Bearer ${one}` } });
    }
    expect(again.status).toBe(200);
    const reopened = new StreamReader(again);
    await reopened.ready();
    await Promise.all([reopened.close(), held[1]!.close(), others.close()]);
  });

  it('counts the places an instance that died held only until their leases expire', async () => {
    const d = await addWorkspace(ctx, 'Live D', ['VIEWER']);
    const limited = createApp({ ...ctx.deps, config: { ...ctx.deps.config, liveStreamsPerCaller: 2 } });
    const token = await consoleToken(limited, d.people[0]!.email);
    const caller = `CONSOLE:${d.people[0]!.id}`;
    // Two leases of an instance that stopped renewing them: one still current, one past its expiry.
    const dead = crypto.randomUUID();
    await ctx.deps.db.insert(liveStreamLeases).values([
      { id: crypto.randomUUID(), caller, instance: dead, expiresAt: new Date(Date.now() + LEASE_MS) },
      { id: crypto.randomUUID(), caller, instance: dead, expiresAt: new Date(Date.now() - 1_000) },
    ]);
    const stream = await open(limited, token);
    await stream.ready();
    // The current one still counts: the limit of 2 is reached.
    expect((await limited.request('/v1/events/stream', { headers: { Authorization: `Bearer ${token}` } })).status).toBe(429);
    await ctx.deps.db.delete(liveStreamLeases).where(eq(liveStreamLeases.instance, dead));
    await stream.close();
  });

  describe('a stream ends at once, on every instance, when its access ends', () => {
    /** Opens `leaving` and a stream of another user on this instance, ends the access through the other instance, and checks what each heard. */
    async function endsAtOnce(leaving: StreamReader, endAccess: () => Promise<void>) {
      const staying = await open(app, tokens.viewerA);
      await Promise.all([leaving.ready(), staying.ready()]);
      await endAccess();
      // Written after the access ended: heard by the other stream, never by the ended one.
      const id = `after-end-${crypto.randomUUID()}`;
      await recordChange(ctx.deps.db, { workspaceId: a.id, kind: 'transaction', id, status: 'SUBMITTED' });
      await staying.until(() => staying.notices.some((n) => n.id === id));
      // Far within the 15 s heartbeat: the access-ended notice ended it, not the heartbeat's check.
      expect(await leaving.endsWithin(5_000)).toBe(true);
      expect(leaving.notices.some((n) => n.id === id)).toBe(false);
      expect(await staying.endsWithin(0)).toBe(false);
      await staying.close();
    }

    it('signed out', async () => {
      const signedIn = await signIn(app, a.people[2]!.email);
      const { accessToken } = (await signedIn.json()) as { accessToken: string };
      const cookie = /ao_refresh=([^;]+)/.exec(signedIn.headers.get('set-cookie') ?? '')![1]!;
      await endsAtOnce(await open(app, accessToken), async () => {
        expect((await other.app.request('/v1/auth/sign_out', { method: 'POST', headers: { Cookie: `ao_refresh=${cookie}` } })).status).toBe(204);
      });
    });

    it('its sign-in revoked for a spent refresh cookie presented again', async () => {
      const signedIn = await signIn(app, a.people[2]!.email);
      const { accessToken } = (await signedIn.json()) as { accessToken: string };
      const cookie = /ao_refresh=([^;]+)/.exec(signedIn.headers.get('set-cookie') ?? '')![1]!;
      const refresh = () => other.app.request('/v1/auth/refresh', { method: 'POST', headers: { Cookie: `ao_refresh=${cookie}` } });
      expect((await refresh()).status).toBe(200);
      await endsAtOnce(await open(app, accessToken), async () => {
        // Past the grace period for two tabs racing: taken for a stolen cookie.
        ctx.clock.set(Date.now() + 60_000);
        try {
          expect((await refresh()).status).toBe(401);
        } finally {
          ctx.clock.reset();
        }
      });
    });

    it('its API user disabled', async () => {
      const bot = await addApiUser(ctx, a.id, 'VIEWER', 'live bot');
      const res = await app.request('/v1/events/stream', { headers: await signedHeaders(bot, '/v1/events/stream') });
      expect(res.status).toBe(200);
      await endsAtOnce(new StreamReader(res), async () => {
        const path = `/v1/management/api_users/${bot.id}/enabled`;
        expect((await jsonCaller(other.app)(tokens.adminA, 'PUT', path, { enabled: false })).status).toBe(200);
      });
    });
  });

  it('still ends a stream at the next heartbeat should the access-ended notice be lost', async () => {
    const signedIn = await signIn(app, a.people[2]!.email);
    const { accessToken } = (await signedIn.json()) as { accessToken: string };
    // Only the heartbeat's interval is faked, so the test need not wait 15 s; the rest runs on real time.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const leaving = await open(app, accessToken);
      await leaving.ready();
      // The sign-in revoked in the database without its notice, as if the notice had been lost.
      const sid = String(decodeJwt(accessToken).sid);
      await ctx.deps.db.update(refreshTokens).set({ revokedAt: new Date() }).where(eq(refreshTokens.familyId, sid));
      forgetPrincipals();
      vi.advanceTimersByTime(HEARTBEAT_MS);
      expect(await leaving.endsWithin(5_000)).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
