import type { OpenAPIHono } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { Tracing } from '../tracing/tracing';
import { recordedPath } from './client-address';
import { HEALTH_PATHS } from './health';
import { operationOf } from './operation';
import type { AppEnv } from './types';

/**
 * A server span per request, named by the operation that answered it and made the current one for
 * everything the request does (before requestContext, which logs its ids).
 */
export function requestTracing(tracing: Tracing, app: OpenAPIHono<AppEnv>): MiddlewareHandler<AppEnv> {
  const answered = operationOf(app);
  return async (c, next) => {
    // A balancer's health checks every second or two would be most of the traces.
    if ((HEALTH_PATHS as readonly string[]).includes(c.req.path)) return next();
    const span = tracing.request(c.req.method, recordedPath(c), c.req.raw.headers);
    try {
      await span.run(next);
    } finally {
      span.end({ operation: answered(c), status: c.res.status, requestId: c.get('requestId') });
    }
  };
}
