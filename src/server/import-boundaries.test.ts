import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The import boundaries of eslint.boundaries.js, through ESLint's own API with the project's
 * config: a snippet that imports `source` is linted as if it were the file at `path`.
 */

let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: fileURLToPath(new URL('../..', import.meta.url)) });
});

async function boundaryErrors(path: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import { thing } from '${source}';\nexport const used = thing;\n`, { filePath: path });
  return result!.messages.filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

describe('import boundaries', () => {
  it.each([
    ['the contract imports no server code', 'src/contract/orders.ts', '../server/db/client', /contract imports neither/],
    ['the contract imports no console code', 'src/contract/routes/orders.ts', '../../web/lib/session', /contract imports neither/],
    [
      'a console feature imports nothing from the server',
      'src/web/features/catalogue/assets-page.tsx',
      '../../../server/features/catalogue/store',
      /imports nothing from src\/server/,
    ],
    ['the console shell imports nothing from the server', 'src/web/app/router.tsx', '../../server/env', /imports nothing from src\/server/],
    ['a console feature does not import another', 'src/web/features/transactions/transaction-page.tsx', '../trading/api', /features do not import each other/],
    [
      'a console feature does not import the vault feature',
      'src/web/features/trading/settlement-step.tsx',
      '../vault/api',
      /features do not import each other/,
    ],
    ['a console feature test does not import another feature', 'src/web/features/catalogue/x.test.tsx', '../webhooks/api', /features do not import each other/],
    ['shared console code imports no feature', 'src/web/lib/amounts.ts', '../features/trading/estimate', /imports no feature/],
    ['a server area does not import one above it', 'src/server/features/catalogue/store.ts', '../trading/store', /depend only downward/],
    ['a server area does not import one of its own layer', 'src/server/features/compliance/handlers.ts', '../earn/providers', /depend only downward/],
    ['the audit area, at the bottom, imports no area', 'src/server/features/audit/record.ts', '../auth/store', /depend only downward/],
    [
      'the webhooks, below the transfers that write to their outbox, do not import them',
      'src/server/features/webhooks/handlers.ts',
      '../transactions/view',
      /depend only downward/,
    ],
    [
      'a console feature does not import the app shell',
      'src/web/features/trading/orders-page.tsx',
      '../../app/auth/sign-in-page',
      /do not import the app shell/,
    ],
    ['the request path imports no area: the app lends it who is calling', 'src/server/http/guard.ts', '../features/auth/authenticate', /floors import only/],
    ['the request path imports no worker, a floor above it', 'src/server/http/idempotency.ts', '../workers/poller', /floors import only/],
    ['the database imports no area: the shipped data is synced above it', 'src/server/db/client.ts', '../features/catalogue/shipped', /floors import only/],
    ['the database imports no worker', 'src/server/db/notify.ts', '../workers/failures', /floors import only/],
    ['the database does not import what opens it for the service', 'src/server/db/client.ts', '../database', /floors import only/],
    ['the workers import no area: the areas lend their purges', 'src/server/workers/housekeeping.ts', '../features/live/hub', /floors import only/],
    ['the traces do not import the request path, which uses them', 'src/server/tracing/tracing.ts', '../http/types', /floors import only/],
    ['the settings do not import the request path', 'src/server/env.ts', './http/client-address', /floors import only/],
  ])('%s', async (_what, path, source, message) => {
    const errors = await boundaryErrors(path, source);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(message);
  });

  it.each([
    ['a server area imports one below it', 'src/server/features/trading/engine.ts', '../catalogue/store'],
    ['orders settle through transfers', 'src/server/features/trading/engine.ts', '../transactions/service'],
    ['a server test crosses areas', 'src/server/features/catalogue/catalogue.test.ts', '../trading/store'],
    ['a console test talks to the real service', 'src/web/features/trading/order-draft.test.ts', '../../../server/features/trading/providers'],
    ['a console feature imports the shared lib and its own files', 'src/web/features/trading/order-page.tsx', '../../lib/amounts'],
    ['a console feature imports the contract', 'src/web/features/trading/order-page.tsx', '../../../contract/trading'],
    ['every console feature may use the vault accounts, shared in lib', 'src/web/features/trading/settlement-step.tsx', '../../lib/vault-queries'],
    ['the console shell composes the features', 'src/web/app/router.tsx', '../features/trading/orders-page'],
    ['a console feature reads the signed-in user from the shared lib', 'src/web/features/trading/orders-page.tsx', '../../lib/use-session-state'],
    ['the request path imports the floors below it', 'src/server/http/idempotency.ts', '../db/client'],
    ['the workers import the request path', 'src/server/workers/housekeeping.ts', '../http/idempotency'],
    ['the settings import the database floor', 'src/server/env.ts', './db/pglite-backup'],
    ['a floor imports the ground every room stands on', 'src/server/db/notify.ts', '../failure-log'],
    ['an area imports the floors', 'src/server/features/audit/record.ts', '../../http/client-address'],
    ['what composes the service imports the areas', 'src/server/database.ts', './features/catalogue/shipped'],
  ])('allows: %s', async (_what, path, source) => {
    expect(await boundaryErrors(path, source)).toEqual([]);
  });
});
