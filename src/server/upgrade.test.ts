import { createPrivateKey, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MIGRATION_SETS } from './db/client';
import { verifyAuditChain } from './features/audit/store';
import { queryRows } from './db/rows';
import { createLogger } from './logger';
import { startServer, type RunningServer } from './server';
import { appliedMigrations, breakingStatements, newMigrations, previousSchema, statements, type PreviousSchema } from './test/expand-contract';
import { jsonCaller, signedHeaders, signIn, testConfig } from './test/harness';
import { scratchDatabase } from './test/scratch-database';
import { FIXTURE_NOTE, FIXTURE_PASSWORD, FIXTURE_PRICE, FIXTURE_TRANSFERS, loadUpgradeFixture, upgradeFixtures } from './test/upgrade-fixtures';

/**
 * Upgrades (README, "Upgrades"): a database written by an earlier release opens with this one with
 * its data intact (one fixture per release, src/server/test/upgrade-fixtures/), and this release's
 * migrations since the previous release leave that release's schema working (expand/contract).
 * On PGlite, or on DATABASE_URL's PostgreSQL when it is set.
 */

const fixtures = upgradeFixtures();
const previous = fixtures.at(-1)!;

describe('the expand/contract check', () => {
  const schema: PreviousSchema = {
    tables: new Set(['transactions', 'webhooks']),
    columns: new Set(['transactions.id', 'transactions.note', 'transactions.status', 'webhooks.id']),
    indexes: new Set(['transactions_status_idx']),
    functions: new Set(['audit_event_doc']),
    triggers: new Set(['transactions.transactions_notify']),
    constraints: new Set(['transactions.transactions_pkey']),
    types: new Set(['audit_profiled']),
  };

  it.each([
    ['DROP TABLE "webhooks";', 'drops table webhooks'],
    ['DROP TABLE IF EXISTS "public"."webhooks" CASCADE;', 'drops table webhooks'],
    ['ALTER TABLE "transactions" DROP COLUMN "note";', 'drops column transactions.note'],
    ['ALTER TABLE "transactions" RENAME COLUMN "note" TO "memo";', 'renames column transactions.note'],
    ['ALTER TABLE "transactions" RENAME TO "transfers";', 'renames table transactions'],
    ['ALTER TABLE "transactions" ALTER COLUMN "status" SET DATA TYPE varchar(20);', 'changes the type of transactions.status'],
    ['ALTER TABLE "transactions" ALTER COLUMN "note" SET NOT NULL;', 'makes transactions.note NOT NULL'],
    ['ALTER TABLE "transactions" ADD COLUMN "memo" text NOT NULL;', 'adds transactions.memo NOT NULL without a default'],
    ['ALTER TABLE "transactions" ADD CONSTRAINT "note_short" CHECK (length(note) < 10);', 'adds a constraint to transactions'],
    ['ALTER TABLE "transactions" DROP CONSTRAINT "transactions_pkey";', 'drops constraint transactions.transactions_pkey'],
    ['CREATE UNIQUE INDEX "one_note" ON "transactions" USING btree ("note");', 'adds a unique index on transactions'],
    ['DROP INDEX "transactions_status_idx";', 'drops index transactions_status_idx'],
    ['CREATE OR REPLACE FUNCTION audit_event_doc() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$;', 'replaces function audit_event_doc'],
    ['DROP TRIGGER transactions_notify ON transactions;', 'drops trigger transactions_notify on transactions'],
    ['DROP TYPE audit_profiled;', 'drops type audit_profiled'],
    ['ALTER TABLE "transactions" ADD COLUMN "memo" text, DROP COLUMN "note";', 'drops column transactions.note'],
  ])('names %s', (migration, what) => {
    const found = breakingStatements(migration, schema);
    expect(found).toHaveLength(1);
    expect(found[0]).toContain(what);
  });

  it('lets through additions, changes to what the previous release never had, and statements reviewed as safe', () => {
    const migration = `
      CREATE TABLE "notes" ("id" uuid PRIMARY KEY, "text" text NOT NULL);--> statement-breakpoint
      ALTER TABLE "transactions" ADD COLUMN "memo" text;--> statement-breakpoint
      ALTER TABLE "transactions" ADD COLUMN "priority" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
      ALTER TABLE "transactions" ADD COLUMN "note_id" uuid;--> statement-breakpoint
      ALTER TABLE "transactions" ADD CONSTRAINT "transactions_note_fk" FOREIGN KEY ("note_id") REFERENCES "notes"("id");--> statement-breakpoint
      CREATE INDEX "transactions_memo_idx" ON "transactions" USING btree ("memo");--> statement-breakpoint
      ALTER TABLE "notes" DROP COLUMN "text";--> statement-breakpoint
      DROP TABLE "notes";--> statement-breakpoint
      -- safe for the previous release: it stopped reading and writing transactions.note
      ALTER TABLE "transactions" DROP COLUMN "note";`;
    expect(breakingStatements(migration, schema)).toEqual([]);
  });

  it('reads statements around strings, quoted names, comments and function bodies', () => {
    const found = statements(`
      CREATE FUNCTION f() RETURNS text LANGUAGE sql AS $body$ SELECT 'a;b' $body$;
      /* a; block */ INSERT INTO "odd;name" VALUES ('it''s; fine', $$x;y$$); -- a; comment
      SELECT 1`);
    expect(found.map((s) => s.sql.replace(/\s+/g, ' '))).toEqual([
      "CREATE FUNCTION f() RETURNS text LANGUAGE sql AS $body$ SELECT 'a;b' $body$",
      `INSERT INTO "odd;name" VALUES ('it''s; fine', $$x;y$$)`,
      'SELECT 1',
    ]);
    expect(found[2]!.comments).toEqual(['a; comment']);
  });
});

describe.each(fixtures)('a database written by release $version', (fixture) => {
  const { manifest } = fixture;
  let dir: string;
  let scratch: ReturnType<typeof scratchDatabase> | undefined;
  let before: { schema: PreviousSchema; applied: Map<string, number> };
  let server: RunningServer;
  let call: ReturnType<typeof jsonCaller>;
  const tokens = new Map<string, string>();
  const tokenOf = async (email: string) => {
    if (!tokens.has(email)) {
      const res = await signIn(server.app, email, FIXTURE_PASSWORD);
      expect(res.status, email).toBe(200);
      tokens.set(email, ((await res.json()) as { accessToken: string }).accessToken);
    }
    return tokens.get(email)!;
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ao-upgrade-'));
    scratch = process.env.DATABASE_URL ? scratchDatabase(process.env.DATABASE_URL, 'ao_upgrade_') : undefined;
    await scratch?.create();
    const target = scratch ? { url: scratch.url } : { dataDir: join(dir, 'data') };
    before = await loadUpgradeFixture(fixture, target, async (query) => ({ schema: await previousSchema(query), applied: await appliedMigrations(query) }));
    // The service as it starts in production: migrations, then the engines and workers.
    server = await startServer(testConfig({ database: target }), createLogger('silent'));
    call = jsonCaller(server.app);
  });

  afterAll(async () => {
    await server?.close();
    await scratch?.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('was written by that release, and this one applies its migrations on start', async () => {
    expect(manifest.version).toBe(fixture.version);
    for (const { folder, table } of MIGRATION_SETS) {
      const journal = JSON.parse(readFileSync(join(folder, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
      const [applied] = await queryRows<{ n: number }>(server.deps.db, sql.raw(`select count(*)::int as n from drizzle.${table}`));
      expect(applied!.n, table).toBe(journal.entries.length);
    }
  });

  it('signs the demo people in with the password they had', async () => {
    for (const [email, role] of [
      ['admin@demo.test', 'ADMIN'],
      ['trader@demo.test', 'EDITOR'],
      ['auditor@demo.test', 'AUDITOR'],
    ]) {
      const res = await signIn(server.app, email!, FIXTURE_PASSWORD);
      expect(res.status, email).toBe(200);
      const { accessToken, user } = (await res.json()) as { accessToken: string; user: Record<string, unknown> };
      expect(user).toMatchObject({ email, role, workspaceId: manifest.workspaceId, workspaceName: 'Demo Workspace' });
      tokens.set(email!, accessToken);
    }
    expect((await signIn(server.app, 'admin@demo.test', 'not-the-fixture-password')).status).toBe(401);
  });

  it('answers what the release answered: transfers, a webhook and its deliveries, notes, prices, an order, API users', async () => {
    const apiUser = { id: manifest.apiUser.id, workspaceId: manifest.workspaceId, privateKey: createPrivateKey(manifest.apiUser.privateKeyPem) };
    for (const read of manifest.reads) {
      const res =
        read.as === 'apiUser'
          ? await server.app.request(read.path, { headers: await signedHeaders(apiUser, read.path) })
          : await server.app.request(read.path, { headers: { Authorization: `Bearer ${await tokenOf(read.as)}` } });
      expect(res.status, read.path).toBe(200);
      // Later releases may add fields; every one the release answered is there with its value.
      expect(await res.json(), read.path).toMatchObject(read.answer as object);
    }
  });

  it('keeps the values written through the release’s API', async () => {
    const admin = await tokenOf('admin@demo.test');
    for (const t of FIXTURE_TRANSFERS) {
      const { status, body } = await call(admin, 'GET', `/v1/transactions/${manifest.transfers[t.externalTxId]}`);
      expect(status).toBe(200);
      expect(body).toMatchObject({
        externalTxId: t.externalTxId,
        status: 'COMPLETED',
        assetId: t.assetId,
        note: t.note,
        source: { type: 'VAULT_ACCOUNT', id: t.source },
        destination: { type: 'VAULT_ACCOUNT', id: t.destination },
        amountInfo: { amount: t.amount },
      });
    }
    expect((await call(admin, 'GET', `/v1/assets/${FIXTURE_NOTE.assetId}`)).body).toMatchObject({ metadata: { note: { text: FIXTURE_NOTE.text } } });
    expect((await call(admin, 'GET', `/v1/assets/${FIXTURE_PRICE.assetId}`)).body).toMatchObject({
      price: { currency: FIXTURE_PRICE.currency, price: FIXTURE_PRICE.price },
    });
  });

  it('verifies the audit chain the release wrote, and goes on with it', async () => {
    // The whole chain, however old: the API verifies at most the last year.
    const verify = () => verifyAuditChain(server.deps.db, manifest.workspaceId, 0, Date.now());
    const verified = await verify();
    expect(verified).toMatchObject({ verified: true, firstBrokenEventId: null });
    expect(verified.checked).toBeGreaterThanOrEqual(manifest.auditEvents);

    // A transfer made now goes through this release's engine to its end, and its events join the chain.
    const admin = await tokenOf('admin@demo.test');
    const created = await call<{ id: string }>(
      admin,
      'POST',
      '/v1/transactions',
      {
        assetId: 'USDC',
        source: { type: 'VAULT_ACCOUNT', id: '0' },
        destination: { type: 'VAULT_ACCOUNT', id: '1' },
        amount: '0.5',
        externalTxId: `after-upgrade-${randomUUID()}`,
      },
      { 'Idempotency-Key': randomUUID() },
    );
    expect(created.status).toBe(200);
    await vi.waitFor(async () => expect((await call<{ status: string }>(admin, 'GET', `/v1/transactions/${created.body.id}`)).body.status).toBe('COMPLETED'), {
      timeout: 30_000,
      interval: 200,
    });
    const after = await verify();
    expect(after.verified).toBe(true);
    expect(after.checked).toBeGreaterThan(verified.checked);
  });

  it.runIf(fixture === previous)('takes only migrations that keep this release’s predecessor working on the migrated schema (expand/contract)', () => {
    const migrations = newMigrations(before.applied);
    const found = migrations.flatMap((m) => breakingStatements(m.sql, before.schema).map((what) => `${m.area}/${m.tag}: ${what}`));
    expect(found).toEqual([]);
    // The check read the previous release's schema (an empty one would let anything through).
    expect(before.schema.columns.has('transactions.external_tx_id')).toBe(true);
  });
});
