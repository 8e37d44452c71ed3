/**
 * The methods each route of the app answers, for the 405 of a method a path does not support.
 * Read from the app's own routes (not a list kept by hand), once all of them are registered.
 */
export function allowedMethods(app: { routes: readonly { method: string; path: string }[] }) {
  let table: { pattern: RegExp; method: string }[] | undefined;
  return (path: string): string[] => {
    table ??= app.routes
      .filter((route) => route.method !== 'ALL' && !route.path.includes('*'))
      .map((route) => ({
        method: route.method,
        pattern: new RegExp(
          `^${route.path
            .split('/')
            .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
            .join('/')}$`,
        ),
      }));
    const methods = new Set(table.filter((route) => route.pattern.test(path)).map((route) => route.method));
    // Hono answers HEAD with the GET route, without the body.
    if (methods.has('GET')) methods.add('HEAD');
    return [...methods].sort();
  };
}
