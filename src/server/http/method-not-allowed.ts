import type { MiddlewareHandler } from 'hono';
import { ERROR_CODES } from '../../contract/errors';
import type { AppEnv } from './types';

interface RoutePath {
  pattern: RegExp;
  /** A character per segment, 1 for a literal and 0 for a parameter: the higher, the more concrete. */
  rank: string;
  methods: Set<string>;
}

function routePaths(routes: readonly { method: string; path: string }[]): RoutePath[] {
  const byShape = new Map<string, RoutePath>();
  for (const route of routes) {
    if (route.method === 'ALL' || route.path.includes('*')) continue;
    const segments = route.path.split('/');
    // `/v1/x/:id` and `/v1/x/:xId` are one path: parameters match alike whatever their name.
    const shape = segments.map((part) => (part.startsWith(':') ? ':' : part)).join('/');
    let entry = byShape.get(shape);
    if (!entry) {
      entry = {
        pattern: new RegExp(`^${segments.map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/')}$`),
        rank: segments.map((part) => (part.startsWith(':') ? '0' : '1')).join(''),
        methods: new Set(),
      };
      byShape.set(shape, entry);
    }
    entry.methods.add(route.method);
  }
  return [...byShape.values()];
}

/**
 * The methods of the path a request names (none when it names no path), read from the app's own
 * routes (not a list kept by hand), once all of them are registered. Where a literal path and a
 * templated one both match (`/v1/auth/passkeys/registration_options` and
 * `/v1/auth/passkeys/{passkeyId}`), the request names the most concrete one, segment by segment
 * from the left, as OpenAPI matches concrete paths before templated ones: only its methods count.
 */
function allowedMethods(app: { routes: readonly { method: string; path: string }[] }) {
  let table: RoutePath[] | undefined;
  return (path: string): string[] => {
    table ??= routePaths(app.routes);
    let named: RoutePath | undefined;
    // The paths a request matches have as many segments as it has, so their ranks compare as strings.
    for (const route of table) if (route.pattern.test(path) && (!named || route.rank > named.rank)) named = route;
    const methods = new Set(named?.methods);
    // Hono answers HEAD with the GET route, without the body.
    if (methods.has('GET')) methods.add('HEAD');
    return [...methods].sort();
  };
}

/**
 * A 405 naming the methods of the path, for a method the path does not define. Registered before
 * the routes: Hono's router would otherwise hand PATCH /v1/auth/passkeys/registration_options to
 * the PATCH of /v1/auth/passkeys/{passkeyId}, a path the request does not name. A path that names
 * nothing goes on to the 404.
 */
export function methodNotAllowed(app: { routes: readonly { method: string; path: string }[] }): MiddlewareHandler<AppEnv> {
  const methodsAt = allowedMethods(app);
  return async (c, next) => {
    const allowed = methodsAt(c.req.path);
    if (allowed.length === 0 || allowed.includes(c.req.method)) return next();
    c.header('Allow', allowed.join(', '));
    const choices = allowed.length > 1 ? `${allowed.slice(0, -1).join(', ')} or ${allowed.at(-1)}` : allowed[0];
    return c.json({ message: `${c.req.method} is not supported at ${c.req.path}; use ${choices}`, code: ERROR_CODES.methodNotAllowed }, 405);
  };
}
