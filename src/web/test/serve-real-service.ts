// The real service for the console's component tests, run by real-service.ts as a Node process of
// its own (bundled once per run by real-service-bundle.ts): the console tests run in jsdom, where
// the service's code cannot load.
//
// An in-memory database, seeded from REAL_SERVICE_SEED in the environment (JSON, written by
// real-service.ts, which holds the one list of test people):
//   { "password": "…", "demoWorkspace": "…", "people": [{ "email", "role", "workspace" }],
//     "apiUsers": [{ "name", "role", "workspace" }], "stuckAlertSeconds"?: n, "demoHistoryEvents"?: n,
//     "depositSeenMs"?: n }
// Every workspace a person or API user names is created; `demoWorkspace` gets the trading demo
// (the trading beta, vault accounts with balances, prices, and a demo history begun as a first start
// begins it, when `demoHistoryEvents` is given), the others stay bare. Every person's
// password is `password`; each API user is READY, with a key made here and thrown away. Local
// webhook receivers are allowed and the retry schedule is scaled down, so a notification fails
// within seconds.
//
// Passkeys are verified for PUBLIC_ORIGIN from the environment when set: real-service.ts passes the
// test page's origin, for which the page's WebAuthn device (webauthn-device.ts) makes them.
//
// It prints one JSON line with its address, { "url": "…" }, then serves, its engines running,
// until it is sent SIGTERM. Each step of its start goes to stderr, which real-service.ts shows
// when the address does not come.
import 'reflect-metadata';
import { generateKeyPairSync } from 'node:crypto';
import type { Role } from '../../contract/roles';
import { openDatabase } from '../../server/database';
import { insertApiUser } from '../../server/features/admin/store';
import { createConsoleUser, createWorkspace } from '../../server/features/auth/accounts';
import { hashPassword } from '../../server/features/auth/password';
import { loadSecrets } from '../../server/features/auth/tokens';
import { beginDemoHistory } from '../../server/demo/history-fill';
import { seedTradingDemo } from '../../server/features/trading/demo';
import { createLogger } from '../../server/logger';
import { startServer } from '../../server/server';
import { testDatabaseImage } from '../../server/test/database-image';
import { testConfig } from '../../server/test/harness';
import { TEST_SCRYPT_COST } from '../../server/test/scrypt-cost';

interface Seed {
  password: string;
  demoWorkspace: string;
  people: { email: string; role: Role; workspace: string }[];
  apiUsers: { name: string; role: Role; workspace: string }[];
  stuckAlertSeconds?: number;
  demoHistoryEvents?: number;
  depositSeenMs?: number;
}

const step = (what: string) => process.stderr.write(`${process.uptime().toFixed(1)} s: ${what}\n`);

async function main() {
  step('loaded'); // the process's own start and the bundle's modules
  if (!process.env.REAL_SERVICE_SEED) throw new Error('REAL_SERVICE_SEED names the workspaces and people to seed');
  const seed = JSON.parse(process.env.REAL_SERVICE_SEED) as Seed;
  const database = await openDatabase({ memory: true, image: await testDatabaseImage() });
  const { db } = database;
  step('database open');
  const workspaceIds = new Map<string, string>();
  for (const name of new Set([seed.demoWorkspace, ...[...seed.people, ...seed.apiUsers].map((someone) => someone.workspace)])) {
    workspaceIds.set(name, (await createWorkspace(db, name)).id);
  }
  await seedTradingDemo(db, workspaceIds.get(seed.demoWorkspace)!);
  // Everyone shares the password, so one hash serves them all, at the test harness's scrypt cost.
  const passwordHash = await hashPassword(seed.password, TEST_SCRYPT_COST);
  for (const { email, role, workspace } of seed.people) {
    await createConsoleUser(db, { workspaceId: workspaceIds.get(workspace)!, email, displayName: email.split('@')[0]!, role, passwordHash });
  }
  for (const { name, role, workspace } of seed.apiUsers) {
    const publicKeyPem = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
    await insertApiUser(db, { workspaceId: workspaceIds.get(workspace)!, name, role, status: 'READY', publicKeyPem });
  }
  step('seeded');
  if (seed.demoHistoryEvents) await beginDemoHistory(db, workspaceIds.get(seed.demoWorkspace)!, seed.demoHistoryEvents, Date.now());
  const config = testConfig({
    // A receiver gets 10 s to answer, as the server suite's do: with 2 s, the webhooks page's test
    // saw a receiver's 500 recorded as "Timed out" after 2.1 s in 2 of 12 runs beside a browser suite.
    webhooks: { allowLocal: true, timeoutMs: 10_000, retryScale: 0.0005 },
    ...(seed.stuckAlertSeconds !== undefined && { stuckAlert: { seconds: seed.stuckAlertSeconds, blocks: 25 } }),
    ...(seed.depositSeenMs !== undefined && { depositSeenMs: seed.depositSeenMs }),
    ...(process.env.PUBLIC_ORIGIN ? { publicOrigin: process.env.PUBLIC_ORIGIN } : {}),
  });
  const logger = createLogger('silent');
  const deps = { db, config, logger, now: () => new Date(), secrets: await loadSecrets(db) };
  step('starting the server');
  const server = await startServer(config, logger, { deps, database, releaseLock: () => undefined });
  process.stdout.write(`${JSON.stringify({ url: server.url })}\n`);
  process.on('SIGTERM', () => {
    void server.close().then(() => process.exit(0));
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
