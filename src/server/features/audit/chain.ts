import { createHash } from 'node:crypto';

export const GENESIS_HASH = '0'.repeat(64);

/** The fields an event's hash covers: everything it says, in a form that survives a jsonb round trip. */
export interface ChainedFields {
  id: string;
  workspaceId: string;
  seq: number;
  timestamp: number;
  userName: string;
  userId: string;
  category: string;
  subject: string;
  event: string;
  requestId: string | null;
  sourceAddress: string | null;
  detail: unknown;
}

/** JSON with object keys sorted at every level, because jsonb does not keep key order. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

export function chainHash(prevHash: string, fields: ChainedFields): string {
  return createHash('sha256').update(prevHash).update('\n').update(canonicalJson(fields)).digest('hex');
}
