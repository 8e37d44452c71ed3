/**
 * The in-console path to go back to after signing in. Anything that is not a same-origin path
 * (`//evil.example`, `https://…`, `/\evil`) would turn the sign-in page into an open redirect.
 */
export function returnPath(from: string | null): string {
  if (!from || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return '/';
  return from;
}

export function signInPathFrom(location: { pathname: string; search: string }): string {
  const from = location.pathname + location.search;
  return from === '/' ? '/sign-in' : `/sign-in?from=${encodeURIComponent(from)}`;
}
