import type { OpenAPIHono } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { AppEnv } from '../http/types';
import { statusClass, type Metrics } from './metrics';

/** Each route's operationId by the route as Hono matches it ("GET /v1/assets/:id"), from the app's OpenAPI registry. */
function operationIds(app: OpenAPIHono<AppEnv>): Map<string, string> {
  const ids = new Map<string, string>();
  for (const definition of app.openAPIRegistry.definitions) {
    if (definition.type !== 'route' || !definition.route.operationId) continue;
    const { method, path, operationId } = definition.route;
    ids.set(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`, operationId);
  }
  return ids;
}

/**
 * Times every request and counts it by operation and status class; 429s and 401s are counted
 * apart too, since an operator alerts on refusals rather than on 4xx as a whole. The operation is
 * the route that answered, never the path as sent, so a caller cannot add label values.
 */
export function requestMetrics(metrics: Metrics, app: OpenAPIHono<AppEnv>): MiddlewareHandler<AppEnv> {
  // Built at the first request: the routes are registered after this middleware.
  let ids: Map<string, string> | undefined;
  return async (c, next) => {
    const started = performance.now();
    await next();
    ids ??= operationIds(app);
    // The handler that ran last answered (later matches, like the console's catch-all, did not run).
    const route = matchedRoutes(c)[c.req.routeIndex];
    const operation = route && route.method !== 'ALL' ? (ids.get(`${route.method} ${route.path}`) ?? `${route.method} ${route.path}`) : 'unmatched';
    const status = c.res.status;
    metrics.requests.observe({ operation, method: c.req.method, status_class: statusClass(status) }, (performance.now() - started) / 1000);
    if (status === 429) metrics.rateLimited.inc({ operation });
    if (status === 401) metrics.authenticationRefused.inc({ operation });
  };
}
