// `npm run fixture:upgrade -- --commit <revision>`: makes the upgrade fixture of a release (see
// src/server/test/upgrade-fixtures.ts), to commit with that release so that the next one is tested
// against what it leaves. DATABASE_URL names a PostgreSQL server (a scratch database is made on it
// and dropped), whose pg_dump must be on PATH. The release is checked out from git and built
// (scripts/release-checkout.ts); it seeds its demo workspace with a short history, starts, takes
// writes through its API (transfers, a webhook with its deliveries, an order, a note, a price),
// answers the reads the upgrade test repeats, and stops; its database is then dumped.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run fixture:upgrade -- --commit v0.3.0
import { spawnSync } from 'node:child_process';
import { createPrivateKey, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { FINAL_TRANSACTION_STATUSES } from '../src/contract/transactions';
import { TERMINAL_ORDER_STATUSES } from '../src/contract/trading';
import { jsonCaller, signedHeaders, WebhookReceiver } from '../src/server/test/harness';
import { scratchDatabase } from '../src/server/test/scratch-database';
import {
  FIXTURE_AUDIT_HISTORY,
  FIXTURE_NOTE,
  FIXTURE_PASSWORD,
  FIXTURE_PRICE,
  FIXTURE_TRANSFERS,
  FIXTURES_DIR,
  type FixtureManifest,
} from '../src/server/test/upgrade-fixtures';
import { startInstance, type Instance } from './fleet';
import { checkoutRelease } from './release-checkout';

const READY_WITHIN_MS = 120_000;

async function until<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + READY_WITHIN_MS;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function makeFixture(revision: string, serverUrl: string) {
  const release = checkoutRelease(revision);
  console.log(`fixture: ${release.version} (${release.commit}) checked out and built in ${release.dir}`);
  const database = scratchDatabase(serverUrl, 'ao_fixture_');
  const keyDir = mkdtempSync(join(tmpdir(), 'ao-fixture-keys-'));
  const receiver = new WebhookReceiver();
  let instance: Instance | undefined;
  await database.create();
  await receiver.start();
  try {
    const { workspaceId } = release.seedDemo({ DATABASE_URL: database.url }, { password: FIXTURE_PASSWORD, keyDir, auditEvents: FIXTURE_AUDIT_HISTORY });
    instance = startInstance({
      cwd: release.dir,
      main: release.main,
      env: { DATABASE_URL: database.url, DEMO: 'false', LOG_LEVEL: 'warn', WEBHOOK_ALLOW_LOCAL: 'true', DRAIN_DELAY_MS: '0' },
    });
    const base = await instance.ready;
    const call = jsonCaller({ request: (path, init) => fetch(base + path, init) });
    const tokens = new Map<string, string>();
    const tokenOf = async (email: string) => {
      if (!tokens.has(email)) {
        const res = await call('', 'POST', '/v1/auth/sign_in', { email, password: FIXTURE_PASSWORD });
        if (res.status !== 200) throw new Error(`sign-in of ${email}: ${res.status} ${JSON.stringify(res.body)}`);
        tokens.set(email, (res.body as unknown as { accessToken: string }).accessToken);
      }
      return tokens.get(email)!;
    };
    const ok = async (email: string, method: string, path: string, body?: unknown) => {
      const res = await call(await tokenOf(email), method, path, body, method === 'GET' ? {} : { 'Idempotency-Key': randomUUID() });
      if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body as Record<string, unknown>;
    };
    const admin = 'admin@demo.test';

    const webhook = await ok(admin, 'POST', '/v1/webhooks', { url: receiver.url, events: ['transaction.created', 'transaction.status.updated'] });
    const transfers: Record<string, string> = {};
    for (const t of FIXTURE_TRANSFERS) {
      const created = await ok(admin, 'POST', '/v1/transactions', {
        assetId: t.assetId,
        source: { type: 'VAULT_ACCOUNT', id: t.source },
        destination: { type: 'VAULT_ACCOUNT', id: t.destination },
        amount: t.amount,
        externalTxId: t.externalTxId,
        note: t.note,
      });
      transfers[t.externalTxId] = created.id as string;
    }
    await ok(admin, 'PATCH', `/v1/assets/${FIXTURE_NOTE.assetId}`, { metadata: { note: { text: FIXTURE_NOTE.text } } });
    await ok(admin, 'POST', `/v1/assets/prices/${FIXTURE_PRICE.assetId}`, { currency: FIXTURE_PRICE.currency, price: Number(FIXTURE_PRICE.price) });
    const order = await ok('trader@demo.test', 'POST', '/v1/trading/orders', {
      via: { type: 'PROVIDER', providerId: 'HARBOR' },
      executionRequestDetails: { type: 'MARKET', side: 'SELL', baseAmount: '100', baseAssetId: 'XRP', quoteAssetId: 'USDT' },
      settlement: { type: 'PREFUNDED', destinationAccount: { type: 'VAULT_ACCOUNT', accountId: '0' } },
    });

    // Only what is final goes into the reads: the engines would change anything else between the
    // read and the dump.
    for (const id of Object.values(transfers)) {
      await until(`transfer ${id} to finish`, async () => {
        const { status } = await ok(admin, 'GET', `/v1/transactions/${id}`);
        return FINAL_TRANSACTION_STATUSES.includes(status as never) ? true : undefined;
      });
    }
    await until(`order ${order.id as string} to finish`, async () => {
      const { status } = await ok('trader@demo.test', 'GET', `/v1/trading/orders/${order.id as string}`);
      return TERMINAL_ORDER_STATUSES.includes(status as never) ? true : undefined;
    });
    const notifications = (id: string) => `/v1/webhooks/${webhook.id as string}/notifications?resourceId=${id}&order=ASC`;
    for (const id of Object.values(transfers)) {
      await until(`the notifications of transfer ${id} to be delivered`, async () => {
        const { data } = (await ok(admin, 'GET', notifications(id))) as { data: { status: string }[] };
        return data.length >= 2 && data.every((n) => n.status === 'COMPLETED') ? true : undefined;
      });
    }

    const reads: FixtureManifest['reads'] = [];
    const read = async (as: string, path: string) => reads.push({ path, as, answer: await ok(as, 'GET', path) });
    for (const id of Object.values(transfers)) await read(admin, `/v1/transactions/${id}`);
    await read(admin, `/v1/webhooks/${webhook.id as string}`);
    for (const id of Object.values(transfers)) await read(admin, notifications(id));
    await read(admin, `/v1/assets/${FIXTURE_NOTE.assetId}`);
    await read(admin, `/v1/assets/${FIXTURE_PRICE.assetId}`);
    await read('trader@demo.test', `/v1/trading/orders/${order.id as string}`);
    await read(admin, '/v1/management/api_users');
    // The demo API user signs its requests with the key the seed wrote beside the data.
    const [apiUser] = (reads.at(-1)!.answer as { users: { id: string }[] }).users;
    const privateKeyPem = readFileSync(join(keyDir, 'demo-api-user.key'), 'utf8');
    const signedPath = `/v1/transactions/${transfers[FIXTURE_TRANSFERS[0].externalTxId]!}`;
    const signed = await fetch(base + signedPath, {
      headers: await signedHeaders({ id: apiUser!.id, workspaceId, privateKey: createPrivateKey(privateKeyPem) }, signedPath),
    });
    if (signed.status !== 200) throw new Error(`the demo API user's signed request: ${signed.status} ${await signed.text()}`);
    reads.push({ path: signedPath, as: 'apiUser', answer: await signed.json() });

    if ((await instance.stop()) !== 0) throw new Error(`the release did not stop cleanly:\n${instance.output()}`);

    const db = new pg.Client({ connectionString: database.url });
    await db.connect();
    const { rows } = await db
      .query<{ n: number }>('select count(*)::int as n from audit_events where workspace_id = $1', [workspaceId])
      .finally(() => db.end());
    const manifest: FixtureManifest = {
      version: release.version,
      commit: release.commit,
      workspaceId,
      apiUser: { id: apiUser!.id, privateKeyPem },
      transfers,
      auditEvents: rows[0]!.n,
      reads,
    };
    // A plain dump with multi-row INSERTs rather than COPY, which PGlite's exec cannot read, and
    // without owners and grants, which a restore's user need not have.
    const dump = spawnSync('pg_dump', ['--no-owner', '--no-privileges', '--rows-per-insert=500', '--dbname', database.url], {
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    });
    if (dump.status !== 0) throw new Error(`pg_dump failed: ${dump.stderr}`);
    // pg_dump's \restrict and \unrestrict lines are psql commands (they stop a hostile server's dump
    // from running commands in psql); the fixture is loaded by PGlite and node-postgres, which read SQL only.
    const sql = dump.stdout.replace(/^\\(?:un)?restrict .*\n/gm, '');
    const gz = gzipSync(sql, { level: 9 });
    writeFileSync(join(FIXTURES_DIR, `${release.version}.sql.gz`), gz);
    writeFileSync(join(FIXTURES_DIR, `${release.version}.json`), `${JSON.stringify(manifest, null, 2)}\n`);
    console.log(
      `fixture: wrote ${release.version}.sql.gz (${(gz.length / 1024).toFixed(0)} KiB; ${(sql.length / 1024 / 1024).toFixed(1)} MiB of SQL) and ${release.version}.json` +
        ` (${manifest.auditEvents} audit events, ${reads.length} reads) in ${FIXTURES_DIR}`,
    );
  } finally {
    if (instance && instance.child.exitCode === null) {
      instance.child.kill('SIGKILL');
      await instance.exited;
    }
    await receiver.stop();
    await database.drop();
    rmSync(keyDir, { recursive: true, force: true });
    release.remove();
  }
}

const { values } = parseArgs({ options: { commit: { type: 'string' } } });
const serverUrl = process.env.DATABASE_URL;
if (!values.commit || !serverUrl) {
  console.error('Usage: DATABASE_URL=postgres://…(a server where a scratch database may be made) npm run fixture:upgrade -- --commit <revision>');
  process.exit(2);
}
await makeFixture(values.commit, serverUrl);
