import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { AppEnv } from './types';

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

/** The operation that answered a request: its operationId (or "GET /livez" outside the OpenAPI document) and its route. */
export interface Operation {
  name: string;
  route: string;
}

/**
 * Names the operation that answered a request, once it has been answered: the route that did,
 * never the path as sent, so a caller cannot make up names (the metrics' labels, the traces' span
 * names). Undefined when no route answered but a catch-all.
 */
export function operationOf(app: OpenAPIHono<AppEnv>): (c: Context<AppEnv>) => Operation | undefined {
  // Built at the first request: the routes are registered after the middleware that asks.
  let ids: Map<string, string> | undefined;
  return (c) => {
    ids ??= operationIds(app);
    // The handler that ran last answered (later matches, like the console's catch-all, did not run).
    const route = matchedRoutes(c)[c.req.routeIndex];
    if (!route || route.method === 'ALL') return undefined;
    return { name: ids.get(`${route.method} ${route.path}`) ?? `${route.method} ${route.path}`, route: route.path };
  };
}
