/**
 * Whether the database refused a write for the named unique constraint (SQLSTATE 23505), wherever
 * the driver and the query wrapper put the database's own error. A check made before a write cannot
 * see a concurrent transaction's uncommitted row; the constraint decides, and this tells a request
 * what it collided with.
 */
export function violatesUnique(err: unknown, constraint: string): boolean {
  for (let e = err, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth += 1) {
    const fields = e as Error & { code?: unknown; constraint?: unknown };
    if (fields.code === '23505' && fields.constraint === constraint) return true;
  }
  return false;
}
