import { spawnSync } from 'node:child_process';
import { createHash, createPublicKey, generateKeyPairSync, randomUUID, sign, verify } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AuditLogData } from '../../../contract/audit';
import {
  type AuditConsistencyProof,
  type AuditExportWithProofs,
  type AuditInclusionProof,
  type AuditInclusionProofs,
  type AuditTreeHead,
  treeHeadMessage,
} from '../../../contract/audit-tree';
import { verifyAuditExport } from '../../../cli/verify-export';
import { CONSISTENCY, EMPTY_ROOT, INCLUSION, ROOTS, LEAVES as VECTOR_LEAVES } from '../../../contract/merkle-vectors';
import { auditJsonWithProofs, collectAuditEvents, treeHeadKey, withProofs } from '../../../web/features/audit/audit-export';
import { createLogger } from '../../logger';
import { addWorkspace, consoleToken } from '../../test/harness';
import { testApp } from '../../test/test-app';
import { appendAudit, type AuditActor, type AuditEntry } from './record';
import { sequenceAll } from './sequencer';
import { auditTreeRound } from './tree-worker';

/*
 * Offline verification of an export with proofs: the file the console builds (its own functions,
 * fed by the real service), checked by the CLI and by the standalone script, each tampering caught;
 * and a verifier written here from RFC 9162 alone, sharing no code with the service, checking the
 * service's proofs and the RFC's reference vectors.
 */

const { ctx, app } = testApp();
let ws: Awaited<ReturnType<typeof addWorkspace>>;
let other: Awaited<ReturnType<typeof addWorkspace>>;
let auditor: string;
let dir: string;
const NOW = Date.UTC(2026, 10, 21, 12, 0, 0);
const INTERVAL_MS = 2_000;
const ROOT = join(import.meta.dirname, '../../../..');
const SCRIPT = join(ROOT, 'scripts/verify-audit-export.mjs');

const actor = (workspaceId: string): AuditActor => ({ workspaceId, userId: 'u-off', userName: 'Offline Ö', requestId: 'r-1', sourceAddress: '203.0.113.7' });
/** Events with nested, unicode and numeric details, and several in the same millisecond (ordered by id then). */
const entries = (n: number, from = 0) =>
  Array.from(
    { length: n },
    (_, i) =>
      ({
        category: 'Catalogue',
        subject: 'Price',
        event: `Set ${from + i}`,
        detail: { n: from + i, price: { before: '1.50', after: '1.75' }, note: 'café ✓', list: [1, 2.5, null] },
        timestamp: NOW - 60_000 + Math.floor((from + i) / 3) * 1000,
      }) as AuditEntry,
  );
const round = () => auditTreeRound(ctx.deps.db, createLogger('silent'), ctx.deps.now, INTERVAL_MS);

const call = async <T>(path: string, init: { token?: string; body?: unknown } = {}) => {
  const res = await app.request(path, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: { Authorization: `Bearer ${init.token ?? auditor}`, 'Content-Type': 'application/json' },
    body: init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
  });
  return { status: res.status, body: (await res.json()) as T & { message: string; code: number } };
};
const proofs = (body: unknown, token?: string) => call<AuditInclusionProofs>('/v1/management/audit_logs/inclusion_proofs', { body, token });
const eventIds = async (workspaceId: string) =>
  (
    (await ctx.deps.db.execute(sql`select id from audit_events where workspace_id = ${workspaceId}::uuid order by seq`)) as unknown as {
      rows: { id: string }[];
    }
  ).rows.map((r) => r.id);
const latestHead = async () => (await call<{ data: AuditTreeHead[] }>('/v1/management/audit_logs/tree_heads?pageSize=1')).body.data[0]!;
const jwks = async () => (await (await app.request('/.well-known/jwks.json')).json()) as { keys: Record<string, unknown>[] };

/** The export with proofs as the console builds it (audit-export-run.ts), with the console's own functions, from the service's answers. */
async function exportWithProofs(order: 'ASC' | 'DESC'): Promise<AuditExportWithProofs> {
  const treeHead = await latestHead();
  const range = { startTime: NOW - 3_600_000, endTime: NOW + 3_600_000 };
  const search = `startTime=${range.startTime}&endTime=${range.endTime}&order=${order}`;
  // Small pages, so the file is built from several pages of proofs.
  const events = await collectAuditEvents(
    async (cursor) => {
      const page = (
        await call<{ data: AuditLogData[]; next: string | null }>(`/v1/management/audit_logs?${search}&pageSize=7${cursor ? `&pageCursor=${cursor}` : ''}`)
      ).body;
      const answer = await proofs({ treeSize: treeHead.treeSize, ids: page.data.map((e) => e.id) });
      return { data: withProofs(page.data, answer.body.proofs), next: page.next };
    },
    { range, order, signal: new AbortController().signal, onProgress: () => {} },
  );
  const text = auditJsonWithProofs({ search, order, treeHead, publicKey: treeHeadKey(await jwks(), treeHead.keyId) }, events).join('');
  return JSON.parse(text) as AuditExportWithProofs;
}

let files = 0;
const save = (json: unknown) => {
  const path = join(dir, `file-${(files += 1)}.json`);
  writeFileSync(path, JSON.stringify(json));
  return path;
};

/** Both verifiers on the same input: the script as an auditor runs it, the CLI's check in process; they must agree line for line. */
function verifyBoth(input: { file?: unknown; consistency?: unknown; key?: unknown; complete?: boolean }) {
  const args = [
    ...(input.file === undefined ? [] : [save(input.file)]),
    ...(input.consistency === undefined ? [] : ['--consistency', save(input.consistency)]),
    ...(input.key === undefined ? [] : ['--key', save(input.key)]),
    ...(input.complete ? ['--complete'] : []),
  ];
  const script = spawnSync(process.execPath, [SCRIPT, ...args], { encoding: 'utf8' });
  const keySource = input.key === undefined ? undefined : args[args.indexOf('--key') + 1];
  const cli = verifyAuditExport({ ...input, keySource, complete: input.complete === true });
  expect(script.stderr).toBe('');
  expect(script.stdout.trimEnd().split('\n')).toEqual(cli.lines);
  expect(script.status).toBe(cli.ok ? 0 : 1);
  return cli;
}

/** The export's events, and a copy of the export with them changed. */
const changed = (file: AuditExportWithProofs, change: (events: AuditExportWithProofs['events']) => void) => {
  const copy = structuredClone(file);
  change(copy.events);
  return copy;
};

const thumbprintOf = (x: string) =>
  createHash('sha256')
    .update(JSON.stringify({ crv: 'Ed25519', kty: 'OKP', x }))
    .digest('base64url');

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'audit-offline-'));
  ctx.clock.set(NOW);
  ws = await addWorkspace(ctx, 'Offline Co', ['ADMIN', 'AUDITOR', 'VIEWER']);
  other = await addWorkspace(ctx, 'Other Offline Co', ['AUDITOR']);
  auditor = await consoleToken(app, ws.people[1]!.email);
  await appendAudit(ctx.deps.db, actor(ws.id), entries(40), ctx.deps.now());
  await appendAudit(ctx.deps.db, actor(other.id), entries(3), ctx.deps.now());
  await round();
  // After the head: in the tree, not in a signed head yet.
  await appendAudit(ctx.deps.db, actor(ws.id), entries(3, 40), ctx.deps.now());
  await round();
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
});

describe('proofs of many events at once', () => {
  it('answers each event’s leaf and audit path against the head asked, as the single proof does, and after it a null path', async () => {
    const head = await latestHead();
    const ids = await eventIds(ws.id);
    expect(ids.length).toBe(head.treeSize + 3);
    const asked = [ids[5]!, ids[0]!, ids.at(-1)!, ids[head.treeSize - 1]!];
    const { status, body } = await proofs({ treeSize: head.treeSize, ids: asked });
    expect(status).toBe(200);
    expect(body.treeHead).toEqual(head);
    expect(body.proofs.map((p) => p.id)).toEqual(asked);
    for (const p of body.proofs.filter((p) => p.auditPath !== null)) {
      const single = (await call<AuditInclusionProof>(`/v1/management/audit_logs/${p.id}/inclusion_proof?treeSize=${head.treeSize}`)).body;
      expect(p).toEqual({ id: p.id, leafIndex: single.leafIndex, auditPath: single.auditPath });
    }
    expect(body.proofs[2]).toEqual({ id: ids.at(-1), leafIndex: ids.length - 1, auditPath: null });
  });

  it('answers every bad input with a 4xx and its message, and keeps to the workspace and its readers', async () => {
    const head = await latestHead();
    const [id] = await eventIds(ws.id);
    const [foreign] = await eventIds(other.id);
    const unknown = randomUUID();
    const cases: [unknown, number, RegExp][] = [
      [{ treeSize: head.treeSize, ids: [] }, 400, /ids must name at least one event/],
      [{ treeSize: head.treeSize, ids: Array.from({ length: 501 }, () => randomUUID()) }, 400, /at most 500/],
      [{ treeSize: head.treeSize, ids: ['nope'] }, 400, /ids must be event ids/],
      [{ treeSize: head.treeSize, ids: [id, id] }, 400, /must not repeat/],
      [{ treeSize: 0, ids: [id] }, 400, /treeSize must be at least 1/],
      [{ treeSize: '5', ids: [id] }, 400, /treeSize must be a tree size/],
      [{ ids: [id] }, 400, /treeSize/],
      ['{"treeSize":', 400, /JSON/i],
      [{ treeSize: head.treeSize - 1, ids: [id] }, 404, /No signed tree head of treeSize/],
      [{ treeSize: head.treeSize, ids: [id, unknown] }, 404, new RegExp(`No audit event ${unknown}`)],
      [{ treeSize: head.treeSize, ids: [foreign] }, 404, /No audit event/],
    ];
    for (const [body, status, message] of cases) {
      const res = await proofs(body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(status);
      expect(res.body.message).toMatch(message);
      expect(typeof res.body.code).toBe('number');
    }
    const viewer = await consoleToken(app, ws.people[2]!.email);
    expect((await proofs({ treeSize: head.treeSize, ids: [id] }, viewer)).status).toBe(403);
  });
});

describe('an export with proofs, verified with no service', () => {
  let file: AuditExportWithProofs;
  let head: AuditTreeHead;
  /** Events after the head: the three written after it was signed, and the sign-ins since. */
  let pending: number;
  /** The place of the k-th event from the end: newest first, the oldest, all inside the head, are last. */
  const at = (k: number) => file.events.length - k;

  beforeAll(async () => {
    // The sign-ins since the last round are sequenced first, as a running service's sequencer does
    // within a second: they are in the log after the head (not yet provable), none waits.
    await sequenceAll(ctx.deps.db);
    head = await latestHead();
    file = await exportWithProofs('DESC');
    pending = file.events.length - head.treeSize;
  });

  it('passes the CLI command, with no database, and the standalone script, which print the same', () => {
    expect(pending).toBeGreaterThanOrEqual(3);
    expect(file.events.filter((e) => e.proof.auditPath === null)).toHaveLength(pending);
    const path = save(file);
    // No DATA_DIR or DATABASE_URL: the command must not open (or look for) a database.
    const { DATA_DIR: _d, DATABASE_URL: _u, ...env } = process.env;
    const cli = spawnSync(process.execPath, [inject('cliBundle'), 'verify-export', path, '--complete'], { cwd: ROOT, env, encoding: 'utf8' });
    const script = spawnSync(process.execPath, [SCRIPT, path, '--complete'], { encoding: 'utf8' });
    expect(cli.stderr).toBe('');
    expect(cli.status).toBe(0);
    expect(script.status).toBe(0);
    expect(script.stdout).toBe(cli.stdout);
    const lines = cli.stdout.trimEnd().split('\n');
    expect(lines[0]).toBe(`Signing key: ${head.keyId} (the export’s own: compare it with the key you trust)`);
    expect(lines.filter((l) => l.startsWith('Not yet provable:'))).toHaveLength(pending);
    expect(lines.slice(-3)).toEqual([
      `The export holds ${head.treeSize} of the head's ${head.treeSize} events`,
      `Events checked: ${file.events.length}; proven: ${head.treeSize}; not yet provable: ${pending}; waiting to be sequenced: 0; failed: 0`,
      'PASSED',
    ]);
    // Oldest first too, and with the key the service publishes given instead of the file's.
    return exportWithProofs('ASC').then(async (ascending) => expect(verifyBoth({ file: ascending, key: await jwks(), complete: true }).ok).toBe(true));
  });

  it('catches one byte of an event changed', () => {
    const tampered = changed(file, (events) => {
      events[at(10)]!.detail = { ...events[at(10)]!.detail, n: 1000 };
      events[at(5)]!.user = 'Offline O';
    });
    const { ok, lines } = verifyBoth({ file: tampered });
    expect(ok).toBe(false);
    expect(lines.filter((l) => l.startsWith('FAILED event'))).toEqual(
      [at(10), at(5)].map(
        (i) =>
          `FAILED event ${file.events[i]!.id} (#${i + 1} in the file): does not lead to the head's root from leaf ${file.events[i]!.proof.leafIndex}: it is not the event the log signed there`,
      ),
    );
    expect(lines.at(-2)).toBe(
      `Events checked: ${file.events.length}; proven: ${head.treeSize - 2}; not yet provable: ${pending}; waiting to be sequenced: 0; failed: 2`,
    );
  });

  it('catches an event deleted from an export of the whole log, and one moved to another leaf', () => {
    const deleted = changed(file, (events) => void events.splice(at(10), 1));
    // Without --complete the file may be a selection: it says how much of the head it holds.
    expect(verifyBoth({ file: deleted }).lines).toContain(`The export holds ${head.treeSize - 1} of the head's ${head.treeSize} events`);
    const complete = verifyBoth({ file: deleted, complete: true });
    expect(complete.ok).toBe(false);
    expect(complete.lines).toContain(
      `FAILED export: 1 of the head's events are not in the file (leaves ${file.events[at(10)]!.proof.leafIndex}), and --complete says it holds the whole log`,
    );
    // The deleted event's proof given to its neighbour: its seq is part of the leaf, so the path fails.
    const moved = changed(file, (events) => {
      events[at(9)]!.proof = events[at(10)]!.proof;
      events.splice(at(10), 1);
    });
    expect(verifyBoth({ file: moved }).lines.some((l) => l.startsWith(`FAILED event ${file.events[at(9)]!.id}`) && l.includes('does not lead'))).toBe(true);
  });

  it('catches two events reordered', () => {
    const reordered = changed(file, (events) => {
      [events[at(20)], events[at(3)]] = [events[at(3)]!, events[at(20)]!];
    });
    const { ok, lines } = verifyBoth({ file: reordered });
    expect(ok).toBe(false);
    // Each proof still holds (an event carries its own): the order of the service's list is what breaks.
    expect(lines.filter((l) => l.startsWith('FAILED event')).every((l) => l.includes("is out of the export's order (newest first)"))).toBe(true);
    expect(lines.some((l) => l.startsWith(`FAILED event ${file.events[at(20)]!.id} (#${at(3) + 1} in the file)`))).toBe(true);
  });

  it('catches an event within the head said not yet provable, and one listed twice', () => {
    const hidden = changed(file, (events) => {
      events[at(5)]!.proof.auditPath = null;
    });
    expect(verifyBoth({ file: hidden }).lines).toContain(
      `FAILED event ${file.events[at(5)]!.id} (#${at(5) + 1} in the file): is said not yet provable, but its leaf ${file.events[at(5)]!.proof.leafIndex} is inside the head`,
    );
    const twice = changed(file, (events) => void events.splice(at(6), 0, structuredClone(events[at(6)]!)));
    expect(verifyBoth({ file: twice }).lines.some((l) => l.endsWith('an event is listed twice'))).toBe(true);
  });

  it('catches a head re-signed with another key: with the file’s key left, or replaced (the printed key id differs, a trusted key fails it)', async () => {
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const x = (publicKey.export({ format: 'jwk' }) as { x: string }).x;
    const forged = { ...file.treeHead, timestamp: file.treeHead.timestamp + 1, keyId: thumbprintOf(x) };
    forged.signature = sign(null, Buffer.from(treeHeadMessage(forged)), privateKey).toString('base64url');
    const keptKey = verifyBoth({ file: { ...file, treeHead: forged } });
    expect(keptKey.lines).toContain(`FAILED tree head: signed by key ${forged.keyId}, which is not the key checked against (${head.keyId})`);
    // The forger's own key in the file: the proofs and signature agree, but the key is not the service's.
    const replaced = { ...file, treeHead: forged, publicKey: { kty: 'OKP', crv: 'Ed25519', x, kid: forged.keyId, alg: 'EdDSA' } };
    expect(verifyBoth({ file: replaced }).lines[0]).toBe(`Signing key: ${forged.keyId} (the export’s own: compare it with the key you trust)`);
    expect(forged.keyId).not.toBe(head.keyId);
    const trusted = verifyBoth({ file: replaced, key: await jwks() });
    expect(trusted.ok).toBe(false);
    expect(trusted.lines.some((l) => l.startsWith(`FAILED tree head: signed by key ${forged.keyId}`))).toBe(true);
    // A head whose signature is the service's but whose root was changed.
    const rerooted = { ...file, treeHead: { ...file.treeHead, rootHash: file.treeHead.rootHash.replace(/^./, (c) => (c === '0' ? '1' : '0')) } };
    const { lines } = verifyBoth({ file: rerooted });
    expect(lines).toContain(`FAILED tree head: its signature does not verify with key ${head.keyId}`);
  });

  it('refuses what is not an export with proofs, with exit status 2', () => {
    const plain = spawnSync(process.execPath, [SCRIPT, save([{ id: 'e' }])], { encoding: 'utf8' });
    expect(plain.status).toBe(2);
    expect(plain.stderr).toMatch(/not "asset-ops audit export with proofs v1"/);
    expect(spawnSync(process.execPath, [SCRIPT, join(dir, 'missing.json')], { encoding: 'utf8' }).stderr).toMatch(/Cannot read the export/i);
  });

  it('lists an event waiting to be sequenced apart, never as proven, and fails one said waiting that has a hash', async () => {
    // Written after the sequencer's last round: listed with a null hash, its proof a null leaf and path.
    await appendAudit(ctx.deps.db, actor(ws.id), entries(1, 50), ctx.deps.now());
    const withWaiting = await exportWithProofs('DESC');
    expect(withWaiting.treeHead).toEqual(head);
    const waiting = withWaiting.events.findIndex((e) => e.proof.leafIndex === null);
    const event = withWaiting.events[waiting]!;
    expect(event).toMatchObject({ hash: null, proof: { leafIndex: null, auditPath: null } });
    expect(withWaiting.events.filter((e) => e.hash === null)).toEqual([event]);
    const name = (i: number) => `event ${withWaiting.events[i]!.id} (#${i + 1} in the file)`;

    // Counted apart, and the whole-log rule still holds: every leaf of the head is in the file, proven.
    const passed = verifyBoth({ file: withWaiting, complete: true });
    expect(passed.ok).toBe(true);
    expect(passed.lines).toContain(`Waiting to be sequenced: ${name(waiting)}, no leaf yet`);
    expect(passed.lines.slice(-2)).toEqual([
      `Events checked: ${withWaiting.events.length}; proven: ${head.treeSize}; not yet provable: ${pending}; waiting to be sequenced: 1; failed: 0`,
      'PASSED',
    ]);

    // The waiting event given a hash: it claims a place in the chain, so it must carry its proof.
    const hashed = changed(withWaiting, (events) => {
      events[waiting]!.hash = 'ab'.repeat(32);
    });
    const caught = verifyBoth({ file: hashed });
    expect(caught.ok).toBe(false);
    const claim = 'is said waiting to be sequenced (leafIndex null), but its hash is not null: a sequenced event must carry its proof';
    expect(caught.lines).toContain(`FAILED ${name(waiting)}: ${claim}`);
    expect(caught.lines.at(-2)).toMatch(/; waiting to be sequenced: 0; failed: 1$/);

    // A proven event's proof taken away, to pass it off as waiting: its hash gives it away, and --complete misses its leaf.
    const oldest = withWaiting.events.length - 1;
    const hidden = changed(withWaiting, (events) => {
      events[oldest]!.proof = { leafIndex: null, auditPath: null };
    });
    const { ok, lines } = verifyBoth({ file: hidden, complete: true });
    expect(ok).toBe(false);
    expect(lines).toContain(`FAILED ${name(oldest)}: ${claim}`);
    expect(lines.some((l) => l.startsWith("FAILED export: 1 of the head's events are not in the file"))).toBe(true);
    expect(lines.at(-2)).toBe(
      `Events checked: ${withWaiting.events.length}; proven: ${head.treeSize - 1}; not yet provable: ${pending}; waiting to be sequenced: 1; failed: 1`,
    );
  });
});

describe('two kept tree heads', () => {
  it('proves the later an extension of the earlier, and fails the proof across a rewritten history', async () => {
    const first = await latestHead();
    ctx.clock.set(NOW + INTERVAL_MS);
    await round();
    const second = await latestHead();
    expect(second.treeSize).toBeGreaterThan(first.treeSize);
    const consistency = (await call<AuditConsistencyProof>(`/v1/management/audit_logs/consistency_proof?first=${first.treeSize}&second=${second.treeSize}`))
      .body;
    const key = await jwks();
    const good = verifyBoth({ consistency, key });
    expect(good.ok).toBe(true);
    expect(good.lines).toContain(
      `Consistent: heads of size ${first.treeSize} (${new Date(first.timestamp).toISOString()}) and ${second.treeSize} (${new Date(second.timestamp).toISOString()}): the later only added events`,
    );
    // With an export, its key serves; alone, a proof needs one.
    expect(spawnSync(process.execPath, [SCRIPT, '--consistency', save(consistency)], { encoding: 'utf8' }).stderr).toMatch(/needs the key/);

    // The service rewrites history: an early event changed, the tree rebuilt and a new head signed with its real key.
    const [, victim] = await eventIds(ws.id);
    await ctx.deps.db.execute(sql`alter table audit_events disable trigger audit_events_no_update_delete`);
    await ctx.deps.db.execute(sql`update audit_events set detail = '{"n": 1000}'::jsonb where id = ${victim}::uuid`);
    await ctx.deps.db.execute(sql`alter table audit_events enable trigger audit_events_no_update_delete`);
    await ctx.deps.db.execute(sql`delete from audit_merkle_nodes where workspace_id = ${ws.id}::uuid`);
    await ctx.deps.db.execute(sql`update audit_merkle_trees set size = 0, signed_size = 0, signed_at = null where workspace_id = ${ws.id}::uuid`);
    await appendAudit(ctx.deps.db, actor(ws.id), entries(1, 43), ctx.deps.now());
    await round();
    const rewritten = await latestHead();
    expect(rewritten.treeSize).toBe(second.treeSize + 1);
    const across = (await call<AuditConsistencyProof>(`/v1/management/audit_logs/consistency_proof?first=${first.treeSize}&second=${rewritten.treeSize}`)).body;
    const caught = verifyBoth({ consistency: across, key });
    expect(caught.ok).toBe(false);
    expect(caught.lines.filter((l) => l.startsWith('FAILED'))).toEqual([
      expect.stringMatching(/^FAILED consistency: the proof does not show the first head a prefix of the second: the log was rewritten between heads of size/),
      'FAILED: 1 failure',
    ]);
  });
});

/*
 * A foreign client: RFC 9162 §2.1 written out here from the RFC's text alone, on the leaves' data
 * (nothing from src/contract/merkle.ts, whose code the service shares with the console and the CLI).
 */
const H = (...parts: Uint8Array[]) => {
  const h = createHash('sha256');
  for (const p of parts) h.update(p);
  return new Uint8Array(h.digest());
};
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const bytes = (h: string) => new Uint8Array(Buffer.from(h, 'hex'));
const same = (a: Uint8Array, b: Uint8Array) => hex(a) === hex(b);
/** §2.1.1: k is the largest power of two smaller than n. */
const largestPowerBelow = (n: number) => 2 ** Math.floor(Math.log2(n - 1));
const leafOf = (d: Uint8Array) => H(new Uint8Array([0]), d);
function MTH(D: Uint8Array[]): Uint8Array {
  if (D.length === 0) return H();
  if (D.length === 1) return leafOf(D[0]!);
  const k = largestPowerBelow(D.length);
  return H(new Uint8Array([1]), MTH(D.slice(0, k)), MTH(D.slice(k)));
}
/** §2.1.3.1 PATH(m, D[n]). */
function PATH(m: number, D: Uint8Array[]): Uint8Array[] {
  if (D.length === 1) return [];
  const k = largestPowerBelow(D.length);
  return m < k ? [...PATH(m, D.slice(0, k)), MTH(D.slice(k))] : [...PATH(m - k, D.slice(k)), MTH(D.slice(0, k))];
}
/** §2.1.4.1 PROOF(m, D[n]) = SUBPROOF(m, D[n], true). */
function SUBPROOF(m: number, D: Uint8Array[], b: boolean): Uint8Array[] {
  if (m === D.length) return b ? [] : [MTH(D)];
  const k = largestPowerBelow(D.length);
  return m <= k ? [...SUBPROOF(m, D.slice(0, k), b), MTH(D.slice(k))] : [...SUBPROOF(m - k, D.slice(k), false), MTH(D.slice(0, k))];
}
/** §2.1.3.2, step by step, on BigInt bit operations. */
function rfcVerifyInclusion(leafIndex: number, treeSize: number, leafHash: Uint8Array, path: Uint8Array[], root: Uint8Array): boolean {
  if (leafIndex >= treeSize) return false;
  let fn = BigInt(leafIndex);
  let sn = BigInt(treeSize - 1);
  let r = leafHash;
  for (const p of path) {
    if (sn === 0n) return false;
    if ((fn & 1n) === 1n || fn === sn) {
      r = H(new Uint8Array([1]), p, r);
      while ((fn & 1n) === 0n && fn !== 0n) {
        fn >>= 1n;
        sn >>= 1n;
      }
    } else {
      r = H(new Uint8Array([1]), r, p);
    }
    fn >>= 1n;
    sn >>= 1n;
  }
  return sn === 0n && same(r, root);
}
/** §2.1.4.2, step by step. */
function rfcVerifyConsistency(first: number, second: number, firstHash: Uint8Array, secondHash: Uint8Array, proof: Uint8Array[]): boolean {
  if (first === second) return proof.length === 0 && same(firstHash, secondHash);
  if (proof.length === 0 || first > second) return false;
  const path = (BigInt(first) & BigInt(first - 1)) === 0n ? [firstHash, ...proof] : proof;
  let fn = BigInt(first - 1);
  let sn = BigInt(second - 1);
  while ((fn & 1n) === 1n) {
    fn >>= 1n;
    sn >>= 1n;
  }
  let fr = path[0]!;
  let sr = path[0]!;
  for (const c of path.slice(1)) {
    if (sn === 0n) return false;
    if ((fn & 1n) === 1n || fn === sn) {
      fr = H(new Uint8Array([1]), c, fr);
      sr = H(new Uint8Array([1]), c, sr);
      while ((fn & 1n) === 0n && fn !== 0n) {
        fn >>= 1n;
        sn >>= 1n;
      }
    } else {
      sr = H(new Uint8Array([1]), sr, c);
    }
    fn >>= 1n;
    sn >>= 1n;
  }
  return sn === 0n && same(fr, firstHash) && same(sr, secondHash);
}

describe('a foreign verifier, from RFC 9162 alone', () => {
  // The Certificate Transparency reference vectors, the data merkle.test.ts checks the service's verifier with.
  const LEAVES = VECTOR_LEAVES.map(bytes);

  it('reproduces the reference vectors', () => {
    expect(hex(MTH([]))).toBe(EMPTY_ROOT);
    ROOTS.forEach((root, i) => expect(hex(MTH(LEAVES.slice(0, i + 1)))).toBe(root));
    for (const [m, n, path] of INCLUSION) {
      expect(PATH(m, LEAVES.slice(0, n)).map(hex)).toEqual(path);
      expect(rfcVerifyInclusion(m, n, leafOf(LEAVES[m]!), path.map(bytes), bytes(ROOTS[n - 1]!))).toBe(true);
      expect(rfcVerifyInclusion(m, n, leafOf(LEAVES[(m + 1) % 8]!), path.map(bytes), bytes(ROOTS[n - 1]!))).toBe(false);
    }
    for (const [m, n, proof] of CONSISTENCY) {
      expect(SUBPROOF(m, LEAVES.slice(0, n), true).map(hex)).toEqual(proof);
      expect(rfcVerifyConsistency(m, n, bytes(ROOTS[m - 1]!), bytes(ROOTS[n - 1]!), proof.map(bytes))).toBe(true);
      if (m < n) expect(rfcVerifyConsistency(m, n, bytes(ROOTS[n - 1]!), bytes(ROOTS[n - 1]!), proof.map(bytes))).toBe(false);
    }
  });

  it('checks the service’s heads, inclusion proofs (one and many) and consistency proof', async () => {
    const foreign = await addWorkspace(ctx, 'Foreign Co', ['AUDITOR']);
    const token = await consoleToken(app, foreign.people[0]!.email);
    await appendAudit(ctx.deps.db, actor(foreign.id), entries(21), ctx.deps.now());
    ctx.clock.set(NOW + 10 * INTERVAL_MS);
    await round();
    await appendAudit(ctx.deps.db, actor(foreign.id), entries(12, 21), ctx.deps.now());
    ctx.clock.set(NOW + 20 * INTERVAL_MS);
    await round();
    const heads = (await call<{ data: AuditTreeHead[] }>('/v1/management/audit_logs/tree_heads', { token })).body.data;
    const [second, first] = heads as [AuditTreeHead, AuditTreeHead];
    const key = (await jwks()).keys.find((k) => k.kid === second.keyId)!;
    const publicKey = createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: key.x as string }, format: 'jwk' });
    for (const head of [first, second]) {
      const message = `asset-ops audit tree head v1\n${head.workspaceId}\n${head.treeSize}\n${head.rootHash}\n${head.timestamp}\n`;
      expect(verify(null, Buffer.from(message), publicKey, Buffer.from(head.signature, 'base64url'))).toBe(true);
    }

    // The leaves as the log holds them, from the service's single proofs.
    const ids = (await eventIds(foreign.id)).slice(0, second.treeSize);
    const single = await Promise.all(
      ids.map(async (id) => (await call<AuditInclusionProof>(`/v1/management/audit_logs/${id}/inclusion_proof?treeSize=${second.treeSize}`, { token })).body),
    );
    const D = single.map((p) => new TextEncoder().encode(p.leafData));
    expect(hex(MTH(D))).toBe(second.rootHash);
    expect(hex(MTH(D.slice(0, first.treeSize)))).toBe(first.rootHash);
    const many = (await proofs({ treeSize: second.treeSize, ids }, token)).body.proofs;
    single.forEach((p, m) => {
      expect(p.leafIndex).toBe(m);
      expect(p.auditPath).toEqual(PATH(m, D).map(hex));
      expect(many[m]!.auditPath).toEqual(p.auditPath);
      expect(rfcVerifyInclusion(m, second.treeSize, leafOf(D[m]!), p.auditPath.map(bytes), bytes(second.rootHash))).toBe(true);
    });
    const consistency = (
      await call<AuditConsistencyProof>(`/v1/management/audit_logs/consistency_proof?first=${first.treeSize}&second=${second.treeSize}`, { token })
    ).body;
    expect(consistency.path).toEqual(SUBPROOF(first.treeSize, D, true).map(hex));
    expect(rfcVerifyConsistency(first.treeSize, second.treeSize, bytes(first.rootHash), bytes(second.rootHash), consistency.path.map(bytes))).toBe(true);
  });
});
