import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { recordedPath } from './client-address';
import { HEALTH_PATHS } from './health';
import type { AppEnv } from './types';
import type { Logger } from '../logger';
import type { Tracing } from '../tracing/tracing';

// A caller may pass its own id for tracing; anything that is not a short plain token is replaced.
const ACCEPTABLE_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * Gives every request an id, a child logger that stamps it on every line (with the trace and span
 * ids of the request's span when traces are on, so a log line leads to its trace), and a closing
 * log line.
 */
export function requestContext(logger: Logger, tracing?: Tracing): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const offered = c.req.header('X-Request-ID');
    const requestId = offered && ACCEPTABLE_ID.test(offered) ? offered : randomUUID();
    const log = logger.child({ requestId, ...tracing?.logFields() });
    c.set('requestId', requestId);
    c.set('log', log);
    const started = performance.now();
    await next();
    // An idempotent replay keeps the X-Request-ID of the first response, so only fill it in when absent.
    if (!c.res.headers.has('X-Request-ID')) c.res.headers.set('X-Request-ID', requestId);
    const status = c.res.status;
    // A balancer asks every instance for its health every second or two: those lines (a 503 from a
    // draining instance included) would drown the rest, so they are kept for LOG_LEVEL=debug.
    const level = (HEALTH_PATHS as readonly string[]).includes(c.req.path) ? 'debug' : status >= 500 ? 'error' : 'info';
    log[level]({ method: c.req.method, path: recordedPath(c), status, ms: Math.round(performance.now() - started) }, 'request');
  };
}
