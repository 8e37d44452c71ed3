import type { ChildProcess } from 'node:child_process';
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MIGRATION_SETS, type Database, type Db } from './db/client';
import { openDatabase } from './database';
import { users, workspaces } from './db/schema';
import { DEMO_USERS, seedDemo } from './demo/seed';
import { createConsoleUser, createWorkspace } from './features/auth/accounts';
import { currentSigningKey, KEY_REFRESH_MS, loadSigningKey, publicJwks, RETIRED_KEY_PUBLISHED_MS, rotateSigningKey } from './features/webhooks/signing';
import { webhookSigningKeys } from './features/webhooks/schema';
import { auditLogSigningKeys } from './features/audit/schema';
import { loadTreeHeadKey } from './features/audit/tree-keys';
import { openTestDatabase } from './test/harness';
import { scratchDatabase } from './test/scratch-database';
import { startInstance } from '../../scripts/fleet';
import { testDatabaseImage } from './test/database-image';

/**
 * Several instances of the service on one database, as a fleet starts them: at the same moment.
 * Each "instance" below has its own connections (a pool of its own on PostgreSQL); on PGlite, which
 * one process owns, they share it, and the races are those of concurrent requests in that process.
 */

let first: Database & { url?: string };
let instances: Db[];

beforeAll(async () => {
  first = await openTestDatabase();
  const others = first.url ? await Promise.all([openDatabase({ url: first.url }), openDatabase({ url: first.url })]) : [];
  instances = [first.db, ...others.map((o) => o.db)];
  afterAll(async () => {
    await Promise.all(others.map((o) => o.close()));
    await first.close();
  });
});

const demoWorkspaces = async (db: Db) => db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.isDemo, true));

describe('instances starting together', () => {
  it('make one webhook signing key and all sign with it', async () => {
    const keys = await Promise.all([...instances, ...instances].map((db) => loadSigningKey(db, new Date())));
    expect(new Set(keys.map((k) => k.kid)).size).toBe(1);
    expect(await first.db.select({ n: count() }).from(webhookSigningKeys)).toEqual([{ n: 1 }]);
    expect((await publicJwks(first.db, new Date())).keys.map((k) => k.kid)).toEqual([keys[0]!.kid]);
  });

  it('make one audit tree head key and all sign with it', async () => {
    const keys = await Promise.all([...instances, ...instances].map((db) => loadTreeHeadKey(db, new Date())));
    expect(new Set(keys.map((k) => k.kid)).size).toBe(1);
    expect(await first.db.select({ n: count() }).from(auditLogSigningKeys)).toEqual([{ n: 1 }]);
  });

  it('seed one complete demo workspace between them', async () => {
    const keyDir = mkdtempSync(join(tmpdir(), 'ao-fleet-seed-'));
    try {
      const results = await Promise.all(instances.map((db) => seedDemo(db, { password: 'fleet-demo-password-1', keyDir, auditEvents: 200 })));
      expect(results.filter((r) => r.created)).toHaveLength(1);
      expect(new Set(results.map((r) => r.workspaceId)).size).toBe(1);
      const demo = await demoWorkspaces(first.db);
      expect(demo).toHaveLength(1);
      expect(await first.db.select({ n: count() }).from(users).where(eq(users.workspaceId, demo[0]!.id))).toEqual([{ n: DEMO_USERS.length }]);
    } finally {
      rmSync(keyDir, { recursive: true, force: true });
    }
  });
});

describe('signing key rotation', () => {
  it('makes a new current key that running instances pick up, and keeps the old one published for a week', async () => {
    let nowMs = Date.now();
    const clock = () => new Date(nowMs);
    const signer = currentSigningKey(first.db, clock);
    const before = await signer();
    const rotated = await rotateSigningKey(first.db, clock());
    expect(rotated.previousKid).toBe(before.kid);
    expect(rotated.kid).not.toBe(before.kid);
    // A running instance keeps its key until its next look, and the old key is still published.
    expect((await signer()).kid).toBe(before.kid);
    nowMs += KEY_REFRESH_MS;
    expect((await signer()).kid).toBe(rotated.kid);
    expect((await publicJwks(first.db, clock())).keys.map((k) => k.kid)).toEqual([rotated.kid, before.kid]);
    nowMs += RETIRED_KEY_PUBLISHED_MS;
    expect((await publicJwks(first.db, clock())).keys.map((k) => k.kid)).toEqual([rotated.kid]);
    // Every instance, however it starts, signs with the rotated key.
    expect(new Set((await Promise.all(instances.map((db) => loadSigningKey(db, clock())))).map((k) => k.kid))).toEqual(new Set([rotated.kid]));
  });
});

/** The real service, started as `npm start` starts it, in its own folder (with DATABASE_URL the demo API user's key is written to ./data). */
const startService = (database: { DATABASE_URL: string } | { DATA_DIR: string }, dir: string) =>
  startInstance({ cwd: dir, env: { ...database, DEMO: 'true', DEMO_PASSWORD: 'fleet-demo-password-1', LOG_LEVEL: 'warn' }, main: inject('serviceBundle') });

describe.runIf(process.env.DATABASE_URL)('three service processes started in the same second on an empty PostgreSQL database', () => {
  const database = scratchDatabase(process.env.DATABASE_URL ?? '', 'ao_fleet_');
  const dirs: string[] = [];
  const running: ChildProcess[] = [];

  beforeAll(() => database.create());
  afterAll(async () => {
    for (const child of running) child.kill('SIGKILL');
    dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true }));
    await database.drop();
  });

  it('end with one schema, one demo workspace and one signing key, and every instance serves', async () => {
    const started = Array.from({ length: 3 }, () => {
      const dir = mkdtempSync(join(tmpdir(), 'ao-fleet-'));
      dirs.push(dir);
      const instance = startService({ DATABASE_URL: database.url }, dir);
      running.push(instance.child);
      return instance;
    });
    const urls = await Promise.all(started.map((s) => s.ready));
    for (const s of started) expect(s.output()).not.toMatch(/could not start|"level":50/);

    const check = await openDatabase({ url: database.url });
    try {
      // One schema: every migration of every set applied exactly once.
      for (const set of MIGRATION_SETS) {
        const journal = JSON.parse(readFileSync(join(set.folder, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
        const applied = (await check.db.execute(`select count(*)::int as n from drizzle.${set.table}`)) as unknown as { rows: { n: number }[] };
        expect(applied.rows[0]!.n, set.area).toBe(journal.entries.length);
      }
      expect(await demoWorkspaces(check.db)).toHaveLength(1);
      expect(await check.db.select({ n: count() }).from(webhookSigningKeys)).toEqual([{ n: 1 }]);
      expect(await check.db.select({ n: count() }).from(auditLogSigningKeys)).toEqual([{ n: 1 }]);
    } finally {
      await check.close();
    }
    const jwks = await Promise.all(
      urls.map(async (url) => ((await (await fetch(`${url}/.well-known/jwks.json`)).json()) as { keys: { kid: string }[] }).keys.map((k) => k.kid)),
    );
    expect(new Set(jwks.map((kids) => kids.join()))).toEqual(new Set([jwks[0]!.join()]));
    // The webhook delivery key and the audit log's tree head key.
    expect(jwks[0]).toHaveLength(2);
    for (const url of urls) {
      const res = await fetch(`${url}/v1/auth/sign_in`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'admin@demo.test', password: 'fleet-demo-password-1' }),
      });
      expect(res.status, url).toBe(200);
    }
  });
});

describe('an instance that cannot start', () => {
  it('says why without printing the failed query’s parameters', async () => {
    // The demo seed meets an account that already has one of its emails: its insert fails, and
    // that query's parameters hold the password hash.
    const dir = mkdtempSync(join(tmpdir(), 'ao-start-fail-'));
    try {
      const holder = process.env.DATABASE_URL ? await openTestDatabase() : await openDatabase({ dataDir: join(dir, 'data'), image: await testDatabaseImage() });
      const workspace = await createWorkspace(holder.db, 'Not the demo');
      await createConsoleUser(holder.db, {
        workspaceId: workspace.id,
        email: DEMO_USERS[0]!.email,
        displayName: 'Someone',
        role: 'OWNER',
        password: 'fleet-demo-password-1',
      });
      const url = 'url' in holder ? (holder.url as string | undefined) : undefined;
      if (!url) await holder.close();
      try {
        const instance = startService(url ? { DATABASE_URL: url } : { DATA_DIR: join(dir, 'data') }, dir);
        expect(await instance.exited).toBe(1);
        expect(instance.output()).toMatch(/could not start: duplicate key value violates unique constraint "…" \(SQLSTATE 23505\)/);
        expect(instance.output()).not.toMatch(/scrypt|params|insert into/i);
      } finally {
        if (url) await holder.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
