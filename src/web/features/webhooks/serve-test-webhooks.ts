// The real service for the webhooks console's component tests, run by test-service.ts as a
// Node process of its own (the console tests run in jsdom, where the service's code cannot load).
// An in-memory database with one workspace (with the trading demo's vault accounts, so transfers
// can raise events), an admin and a viewer. Local receivers are allowed and the retry schedule is
// scaled down, so a notification fails in seconds. It prints one JSON line with its address, then
// serves, its engines running, until it is sent SIGTERM. Every person's password is
// TEST_SERVICE_PASSWORD from the environment.
import 'reflect-metadata';
import { openDatabase } from '../../../server/db/client';
import { createConsoleUser, createWorkspace } from '../../../server/features/auth/accounts';
import { loadSecrets } from '../../../server/features/auth/tokens';
import { seedTradingDemo } from '../../../server/features/trading/demo';
import { createLogger } from '../../../server/logger';
import { startServer } from '../../../server/server';
import { testConfig } from '../../../server/test/harness';

async function main() {
  const password = process.env.TEST_SERVICE_PASSWORD;
  if (!password) throw new Error('TEST_SERVICE_PASSWORD names the password the test users get');
  const database = await openDatabase({ memory: true });
  const { db } = database;
  const workspace = await createWorkspace(db, 'Harbourside Capital');
  await seedTradingDemo(db, workspace.id);
  await createConsoleUser(db, { workspaceId: workspace.id, email: 'admin@wh.test', displayName: 'Ada Admin', role: 'ADMIN', password });
  await createConsoleUser(db, { workspaceId: workspace.id, email: 'viewer@wh.test', displayName: 'Vic Viewer', role: 'VIEWER', password });
  const config = testConfig({ webhooks: { allowLocal: true, timeoutMs: 2_000, retryScale: 0.0005 } });
  const logger = createLogger('silent');
  const deps = { db, config, logger, now: () => new Date(), secrets: await loadSecrets(db) };
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
