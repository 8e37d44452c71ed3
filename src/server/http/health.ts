import type { OpenAPIHono } from '@hono/zod-openapi';
import { sql } from 'drizzle-orm';
import { ERROR_CODES } from '../../contract/errors';
import type { Db } from '../db/client';
import { VERSION } from '../version';
import type { Readiness } from './readiness';
import type { AppEnv } from './types';

export const HEALTH_PATHS = ['/livez', '/readyz'] as const;

/** A database that does not answer within this is not ready (a balancer's check times out soon after). */
const DATABASE_CHECK_MS = 2000;

/**
 * Health endpoints for a balancer or an orchestrator, outside /v1: no sign-in, no rate limit, no
 * audit, and nothing in the answer but what is (not) ready and, on /livez, the release's version (so
 * an operator rolling out a release sees which instances run which). /livez says the process runs (it never
 * touches the database, so a database outage does not get every instance restarted); /readyz says
 * whether this instance should get traffic.
 */
export function registerHealth(app: OpenAPIHono<AppEnv>, db: Db, readiness: Readiness) {
  const notReady = (message: string) =>
    new Response(JSON.stringify({ message, code: ERROR_CODES.serviceUnavailable }), {
      status: 503,
      headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
    });
  app.get('/livez', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json({ status: 'ok', version: VERSION });
  });
  app.get('/readyz', async (c) => {
    if (readiness.draining) return notReady('Draining: this instance is shutting down');
    if (!readiness.workers) return notReady('Workers not running: the engines and the webhook delivery have not started');
    let timer: NodeJS.Timeout | undefined;
    const answered = await Promise.race([
      db.execute(sql`select 1`).then(
        () => true,
        () => false,
      ),
      new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), DATABASE_CHECK_MS))),
    ]);
    clearTimeout(timer);
    if (!answered) return notReady('Database not answering');
    c.header('Cache-Control', 'no-store');
    return c.json({ status: 'ok' });
  });
}
