import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { Dec, plain } from '../../../contract/decimal-arithmetic';
import type { OrderDetails } from '../../../contract/trading';
import type { Database } from '../../db/client';
import { openDatabase } from '../../database';
import { loadSecrets } from '../auth/tokens';
import { createLogger } from '../../logger';
import { addWorkspace, buildApp, consoleToken, LogCapture, openTestDatabase, TestClock, testConfig, type TestContext } from '../../test/harness';
import { seedTradingDemo } from './demo';
import { startOrderEngine } from './engine';
import * as store from './store';
import * as vaults from '../vault/store';
import { testDatabaseImage } from '../../test/database-image';

const dir = mkdtempSync(join(tmpdir(), 'ao-trading-restart-'));
let pgHolder: Awaited<ReturnType<typeof openTestDatabase>> | undefined;
afterAll(async () => {
  await pgHolder?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The same database each time: a PGlite folder, or a throwaway PostgreSQL database. */
async function open(): Promise<Database> {
  if (process.env.DATABASE_URL) {
    pgHolder ??= await openTestDatabase();
    return openDatabase({ url: pgHolder.url! });
  }
  return openDatabase({ dataDir: join(dir, 'data'), image: await testDatabaseImage() });
}

async function context(database: Database): Promise<TestContext> {
  const logs = new LogCapture();
  const clock = new TestClock();
  return {
    database,
    logs,
    clock,
    deps: { db: database.db, config: testConfig(), logger: createLogger('info', logs), now: clock.now, secrets: await loadSecrets(database.db) },
  };
}

async function until<T>(probe: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > end) return value;
    await new Promise((r) => setTimeout(r, 50));
  }
}

it('the running worker stopped in the middle of processing picks the order up after a restart on the same database; balances move once', async () => {
  let database = await open();
  let ctx = await context(database);
  let app = buildApp(ctx);
  const ws = await addWorkspace(ctx, 'Restart Co', ['EDITOR']);
  await seedTradingDemo(ctx.deps.db, ws.id);
  const token = await consoleToken(app, ws.people[0]!.email);
  const res = await app.request('/v1/trading/orders', {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({
      via: { type: 'PROVIDER_ACCOUNT', providerId: 'MERIDIAN', accountId: 'meridian-spot' },
      executionRequestDetails: { type: 'MARKET', side: 'BUY', baseAmount: '2', baseAssetId: 'SOL', quoteAssetId: 'USDC' },
      settlement: { type: 'DVP', sourceAccount: { type: 'VAULT_ACCOUNT', accountId: '1' }, destinationAccount: { type: 'VAULT_ACCOUNT', accountId: '2' } },
      participantsIdentification: {
        beneficiary: {
          entityType: 'BUSINESS',
          externalReferenceId: 'b',
          participantRelationshipType: 'FirstParty',
          businessName: 'Restart Co',
          registrationNumber: 'R-1',
          postalAddress: {
            streetName: 'Main',
            buildingNumber: '1',
            postalCode: '1000',
            city: 'Vienna',
            subdivision: 'Vienna',
            district: 'Innere Stadt',
            country: 'AT',
          },
        },
      },
    }),
  });
  expect(res.status).toBe(202);
  const { id } = (await res.json()) as OrderDetails;
  const usdcBefore = plain(await vaults.balanceOf(ctx.deps.db, ws.id, '1', 'USDC'));

  const engine = (c: TestContext) =>
    startOrderEngine({ db: c.deps.db, notices: c.database.notices, logger: c.deps.logger, now: c.deps.now, safetyMs: 5_000 }, { busyMs: 20 });
  let running = engine(ctx);
  const processing = await until(
    () => store.findOrder(ctx.deps.db, ws.id, id),
    (o) => o?.status === 'PROCESSING',
  );
  expect(processing?.status).toBe('PROCESSING');
  await running.stop();
  await database.close();

  database = await open();
  ctx = await context(database);
  app = buildApp(ctx);
  const reopened = await store.findOrder(ctx.deps.db, ws.id, id);
  expect(['PROCESSING', 'COMPLETED']).toContain(reopened?.status);
  running = engine(ctx);
  const done = await until(
    () => store.findOrder(ctx.deps.db, ws.id, id),
    (o) => o?.status === 'COMPLETED',
  );
  await running.stop();
  expect(done?.status).toBe('COMPLETED');
  // 2 SOL × 150 = 300 USDC + 0.45 order fee (15 bps) + 0.5 network fee, paid once.
  expect(plain(await vaults.balanceOf(ctx.deps.db, ws.id, '1', 'USDC'))).toBe(plain(new Dec(usdcBefore).sub('300.95')));
  expect(plain(await vaults.balanceOf(ctx.deps.db, ws.id, '2', 'SOL'))).toBe('2');
  await database.close();
});
