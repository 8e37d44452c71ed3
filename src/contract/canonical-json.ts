/**
 * JSON with object keys sorted at every level, so two parties hash the same value alike: jsonb
 * does not keep key order, nor does a client's body as the server reads it. `undefined` fields are
 * left out, as JSON.stringify does. The audit log's chain and Merkle leaves (rebuilt by the
 * console to check an event it shows) and the passkeys' bound content are hashed over it.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item)).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}
