// The real service for the trading console's component tests, run by test-trading.tsx as a
// Node process of its own: the console tests run in jsdom, where the service's code cannot load.
// An in-memory database with two workspaces (one with the trading beta and its demo data, one
// without) and their people, whose password is TEST_TRADING_PASSWORD from the environment. It
// prints one JSON line with its address, then serves until it is sent SIGTERM.
import 'reflect-metadata';
import { openDatabase } from '../../../server/db/client';
import { createConsoleUser, createWorkspace } from '../../../server/features/auth/accounts';
import { loadSecrets } from '../../../server/features/auth/tokens';
import { seedTradingDemo } from '../../../server/features/trading/demo';
import { createLogger } from '../../../server/logger';
import { startServer } from '../../../server/server';
import { testConfig } from '../../../server/test/harness';

async function main() {
  const password = process.env.TEST_TRADING_PASSWORD;
  if (!password) throw new Error('TEST_TRADING_PASSWORD names the password the test users get');
  const database = await openDatabase({ memory: true });
  const { db } = database;
  const trading = await createWorkspace(db, 'Harbourside Capital');
  const withoutBeta = await createWorkspace(db, 'Quiet Fund');
  await seedTradingDemo(db, trading.id);
  const person = (workspaceId: string, email: string, role: 'EDITOR' | 'VIEWER') =>
    createConsoleUser(db, { workspaceId, email, displayName: email.split('@')[0]!, role, password });
  await Promise.all([
    person(trading.id, 'trader@trading.test', 'EDITOR'),
    person(trading.id, 'viewer@trading.test', 'VIEWER'),
    person(withoutBeta.id, 'trader@quiet.test', 'EDITOR'),
  ]);
  const config = testConfig();
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
