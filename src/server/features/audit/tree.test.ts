import { createPublicKey, randomUUID, verify, type JsonWebKey } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AuditConsistencyProof, type AuditInclusionProof, type AuditTreeHead, treeHeadMessage } from '../../../contract/audit-tree';
import { fromHex, leafHash, verifyConsistency, verifyInclusion } from '../../../contract/merkle';
import { createLogger } from '../../logger';
import { addWorkspace, buildApp, consoleToken, createTestContext, type TestContext } from '../../test/harness';
import { appendAudit, type AuditActor, type AuditEntry } from './record';
import { sha256 } from './tree-store';
import { auditTreeRound, TREE_BATCH } from './tree-worker';

let ctx: TestContext;
let app: ReturnType<typeof buildApp>;
let ws: Awaited<ReturnType<typeof addWorkspace>>;
let other: Awaited<ReturnType<typeof addWorkspace>>;
let auditor: string;
const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
const INTERVAL_MS = 2_000;

const actor = (workspaceId: string): AuditActor => ({ workspaceId, userId: 'u-tree', userName: 'Tree', requestId: null, sourceAddress: null });
const entries = (n: number, from = 0) =>
  Array.from({ length: n }, (_, i) => ({ category: 'Catalogue', subject: 'Price', event: `Set ${from + i}`, detail: { n: from + i } }) as AuditEntry);
const round = () => auditTreeRound(ctx.deps.db, createLogger('silent'), ctx.deps.now, INTERVAL_MS);

const get = async <T>(path: string, token = auditor) => {
  const res = await app.request(`/v1/management/audit_logs${path}`, { headers: { Authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as T & { message: string; code: number } };
};
const eventIds = async (workspaceId: string) =>
  (
    (await ctx.deps.db.execute(sql`select id from audit_events where workspace_id = ${workspaceId}::uuid order by seq`)) as unknown as {
      rows: { id: string }[];
    }
  ).rows.map((r) => r.id);

/** Whether the head's signature verifies with its key as the service publishes it. */
async function signedByPublishedKey(head: AuditTreeHead): Promise<boolean> {
  const jwks = (await (await app.request('/.well-known/jwks.json')).json()) as { keys: (JsonWebKey & { kid: string; alg: string; use: string })[] };
  const jwk = jwks.keys.find((k) => k.kid === head.keyId);
  if (!jwk || jwk.alg !== 'EdDSA' || jwk.use !== 'sig') return false;
  return verify(null, Buffer.from(treeHeadMessage(head)), createPublicKey({ key: jwk, format: 'jwk' }), Buffer.from(head.signature, 'base64url'));
}

/** Whether a proof verifies as an auditor checks it: the leaf hash rebuilt from the leaf data, the path to the head's root. */
const proves = (p: AuditInclusionProof) =>
  verifyInclusion(
    sha256,
    p.leafIndex,
    p.treeHead.treeSize,
    leafHash(sha256, new TextEncoder().encode(p.leafData)),
    p.auditPath.map(fromHex),
    fromHex(p.treeHead.rootHash),
  );

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set(NOW);
  app = buildApp(ctx);
  ws = await addWorkspace(ctx, 'Tree Co', ['ADMIN', 'AUDITOR', 'VIEWER', 'SIGNER']);
  other = await addWorkspace(ctx, 'Other Tree Co', ['AUDITOR']);
  auditor = await consoleToken(app, ws.people[1]!.email);
  // Written while no tree exists: the state of a log upgraded to this release.
  await appendAudit(ctx.deps.db, actor(ws.id), entries(37), ctx.deps.now());
  await appendAudit(ctx.deps.db, actor(other.id), entries(3), ctx.deps.now());
});
afterAll(() => ctx.database.close());

describe('the verifiable audit log', () => {
  let first: AuditTreeHead;

  it('builds the tree of the events written before it existed, and signs a head with a published Ed25519 key', async () => {
    const before = await get<{ data: AuditTreeHead[] }>('/tree_heads');
    expect(before).toMatchObject({ status: 200, body: { data: [] } });
    await round();
    const { body } = await get<{ data: AuditTreeHead[]; next: string | null }>('/tree_heads');
    // The sign-in events of the setup are in the log too.
    const events = (await eventIds(ws.id)).length;
    expect(body.data).toHaveLength(1);
    first = body.data[0]!;
    expect(first).toMatchObject({ workspaceId: ws.id, treeSize: events, timestamp: NOW });
    expect(await signedByPublishedKey(first)).toBe(true);
    expect(await signedByPublishedKey({ ...first, treeSize: first.treeSize - 1 })).toBe(false);
    expect((await get<AuditTreeHead>(`/tree_heads/${first.treeSize}`)).body).toEqual(first);
  });

  it('proves every event against the head, with the contract’s verifier', async () => {
    const ids = await eventIds(ws.id);
    for (const [i, id] of ids.entries()) {
      const { status, body } = await get<AuditInclusionProof>(`/${id}/inclusion_proof`);
      expect(status).toBe(200);
      expect(body).toMatchObject({ leafIndex: i, treeHead: first });
      expect(JSON.parse(body.leafData)).toMatchObject({ id, seq: i + 1, workspaceId: ws.id });
      expect(proves(body), `event ${i + 1}`).toBe(true);
    }
  });

  it('signs a new head once the tree grew and the interval passed, and proves the old one a prefix of it', async () => {
    await appendAudit(ctx.deps.db, actor(ws.id), entries(20, 37), ctx.deps.now());
    // The tree grows at once, but the next head waits for the interval.
    expect((await round())?.getTime()).toBe(NOW + INTERVAL_MS);
    const newest = (await eventIds(ws.id)).at(-1)!;
    const pending = await get(`/${newest}/inclusion_proof`);
    expect(pending.status).toBe(409);
    expect(pending.body.message).toMatch(/not in a signed tree head yet/);
    ctx.clock.set(NOW + INTERVAL_MS);
    expect(await round()).toBeUndefined();
    const heads = (await get<{ data: AuditTreeHead[] }>('/tree_heads')).body.data;
    expect(heads.map((h) => h.treeSize)).toEqual([first.treeSize + 20, first.treeSize]);
    const second = heads[0]!;
    expect(await signedByPublishedKey(second)).toBe(true);

    const { status, body } = await get<AuditConsistencyProof>(`/consistency_proof?first=${first.treeSize}&second=${second.treeSize}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ first, second });
    const check = (path: string[], a = first, b = second) =>
      verifyConsistency(sha256, a.treeSize, b.treeSize, path.map(fromHex), fromHex(a.rootHash), fromHex(b.rootHash));
    expect(check(body.path)).toBe(true);
    expect(check(body.path, { ...first, rootHash: second.rootHash })).toBe(false);

    // An event proved against the earlier head as well as the later one; the newest only against the later.
    const ids = await eventIds(ws.id);
    expect(proves((await get<AuditInclusionProof>(`/${ids[5]}/inclusion_proof?treeSize=${first.treeSize}`)).body)).toBe(true);
    expect(proves((await get<AuditInclusionProof>(`/${newest}/inclusion_proof`)).body)).toBe(true);
    const tooNew = await get(`/${newest}/inclusion_proof?treeSize=${first.treeSize}`);
    expect(tooNew.status).toBe(409);
    expect(tooNew.body.message).toMatch(/after the tree head of size/);
  });

  it('pages the heads, latest first', async () => {
    const page1 = await get<{ data: AuditTreeHead[]; next: string | null }>('/tree_heads?pageSize=1');
    expect(page1.body.data).toHaveLength(1);
    const page2 = await get<{ data: AuditTreeHead[]; next: string | null }>(`/tree_heads?pageSize=1&pageCursor=${page1.body.next}`);
    expect(page2.body).toEqual({ data: [first], next: null });
  });

  it('answers every bad input with a 4xx and its message', async () => {
    const [id] = await eventIds(ws.id);
    const cases: [string, number, RegExp][] = [
      ['/tree_heads/5000', 404, /No signed tree head of treeSize 5000/],
      ['/tree_heads/0', 400, /treeSize must be at least 1/],
      ['/tree_heads/abc', 400, /treeSize/],
      ['/tree_heads?pageSize=0', 400, /pageSize/],
      ['/tree_heads?pageCursor=forged', 400, /pageCursor/],
      [`/${id}/inclusion_proof?treeSize=5000`, 404, /No signed tree head/],
      ['/not-a-uuid/inclusion_proof', 400, /id must be a UUID/],
      [`/${randomUUID()}/inclusion_proof`, 404, /No audit event/],
      [`/consistency_proof?first=${first.treeSize}`, 400, /second/],
      [`/consistency_proof?first=${first.treeSize + 20}&second=${first.treeSize}`, 400, /first must not be greater/],
      [`/consistency_proof?first=1&second=${first.treeSize}`, 404, /No signed tree head of first 1/],
    ];
    for (const [path, status, message] of cases) {
      const res = await get(path);
      expect(res.status, path).toBe(status);
      expect(res.body.message, path).toMatch(message);
      expect(typeof res.body.code).toBe('number');
    }
  });

  it('keeps each workspace to its own log: another workspace’s event and heads are not found', async () => {
    const [foreign] = await eventIds(other.id);
    expect((await get(`/${foreign}/inclusion_proof`)).status).toBe(404);
    const otherAuditor = await consoleToken(app, other.people[0]!.email);
    const theirs = (await get<{ data: AuditTreeHead[] }>('/tree_heads', otherAuditor)).body.data;
    expect(theirs.map((h) => h.workspaceId)).toEqual([other.id]);
    expect((await get(`/tree_heads/${first.treeSize}`, otherAuditor)).status).toBe(404);
  });

  it('refuses the roles that may not read the audit log', async () => {
    for (const person of [ws.people[2]!, ws.people[3]!]) {
      const token = await consoleToken(app, person.email);
      expect((await get('/tree_heads', token)).status).toBe(403);
      expect((await get(`/consistency_proof?first=1&second=2`, token)).status).toBe(403);
    }
  });

  it('fails the proof of an event altered in the database after it was signed', async () => {
    const [, victim] = await eventIds(ws.id);
    expect(proves((await get<AuditInclusionProof>(`/${victim}/inclusion_proof`)).body)).toBe(true);
    await ctx.deps.db.execute(sql`alter table audit_events disable trigger audit_events_no_update_delete`);
    await ctx.deps.db.execute(sql`update audit_events set detail = '{"n": 1000}'::jsonb where id = ${victim}::uuid`);
    await ctx.deps.db.execute(sql`alter table audit_events enable trigger audit_events_no_update_delete`);
    const altered = (await get<AuditInclusionProof>(`/${victim}/inclusion_proof`)).body;
    expect(JSON.parse(altered.leafData)).toMatchObject({ detail: { n: 1000 } });
    expect(proves(altered)).toBe(false);
  });

  it('never extends a tree past a missing seq: the event after the gap waits for it', async () => {
    const gappy = await addWorkspace(ctx, 'Gap Co', ['AUDITOR']);
    await appendAudit(ctx.deps.db, actor(gappy.id), entries(4), ctx.deps.now());
    // Seq 6 committed while 5 has not (a writer that commits later): inserted by hand, as no writer of today's path can.
    await ctx.deps.db
      .execute(sql`insert into audit_events (id, workspace_id, seq, timestamp, user_name, user_id, category, subject, event, detail, prev_hash, hash)
      select ${randomUUID()}::uuid, workspace_id, seq + 2, timestamp, user_name, user_id, category, subject, event, detail, hash, hash
      from audit_events where workspace_id = ${gappy.id}::uuid order by seq desc limit 1`);
    await round();
    const token = await consoleToken(app, gappy.people[0]!.email);
    const heads = (await get<{ data: AuditTreeHead[] }>('/tree_heads', token)).body.data;
    expect(heads.map((h) => h.treeSize)).toEqual([4]);
  });

  it('signs heads during a catch-up, batch by batch, rather than once the whole backlog is in the tree; another workspace’s too', async () => {
    const large = await addWorkspace(ctx, 'Backlog Co', ['AUDITOR']);
    const small = await addWorkspace(ctx, 'Small Co', ['AUDITOR']);
    await appendAudit(ctx.deps.db, actor(large.id), entries(2 * TREE_BATCH + 500), ctx.deps.now());
    await appendAudit(ctx.deps.db, actor(small.id), entries(3), ctx.deps.now());
    // An interval of 0: a head for every tree that grew, at every signing.
    await auditTreeRound(ctx.deps.db, createLogger('silent'), ctx.deps.now, 0);
    const sizes = async (workspace: typeof large) =>
      (await get<{ data: AuditTreeHead[] }>('/tree_heads', await consoleToken(app, workspace.people[0]!.email))).body.data.map((h) => h.treeSize);
    expect(await sizes(large)).toEqual([2 * TREE_BATCH + 500, 2 * TREE_BATCH, TREE_BATCH]);
    expect(await sizes(small)).toEqual([3]);
  });
});
