import type { OpenAPIHono } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { statusClass, type Metrics } from '../metrics/metrics';
import { operationOf } from './operation';
import type { AppEnv } from './types';

/**
 * Times every request and counts it by operation and status class; 429s and 401s are counted
 * apart too, since an operator alerts on refusals rather than on 4xx as a whole.
 */
export function requestMetrics(metrics: Metrics, app: OpenAPIHono<AppEnv>): MiddlewareHandler<AppEnv> {
  const answered = operationOf(app);
  return async (c, next) => {
    const started = performance.now();
    await next();
    const operation = answered(c)?.name ?? 'unmatched';
    const status = c.res.status;
    metrics.requests.observe({ operation, method: c.req.method, status_class: statusClass(status) }, (performance.now() - started) / 1000);
    if (status === 429) metrics.rateLimited.inc({ operation });
    if (status === 401) metrics.authenticationRefused.inc({ operation });
  };
}
