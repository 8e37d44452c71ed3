import { createHmac, timingSafeEqual } from 'node:crypto';
import { badRequest } from '../../http/errors';

/**
 * Opaque, tamper-proof list cursors: the position and the query they belong to, signed with the
 * installation's cursor key. A forged cursor, or one from another workspace or another query, is
 * refused rather than answered with data.
 */
export interface CursorPayload {
  /** workspace */
  w: string;
  /** fingerprint of the query the cursor continues */
  q: string;
  /** the resolved time range, kept so later pages see the same window */
  s: number;
  e: number;
  /** position: timestamp and id of the last event sent */
  t: number;
  i: string;
}

const sign = (key: Uint8Array, body: string) => createHmac('sha256', key).update(body).digest('base64url');

export function encodeCursor(key: Uint8Array, payload: CursorPayload): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${sign(key, body)}`;
}

export function decodeCursor(key: Uint8Array, cursor: string, expected: { workspaceId: string; fingerprint: string }, name = 'pageCursor'): CursorPayload {
  const [body, signature, extra] = cursor.split('.');
  const valid = body && signature && extra === undefined && safeEqual(signature, sign(key, body));
  if (!valid) throw badRequest(`${name} is not a cursor this service issued`);
  const payload = JSON.parse(Buffer.from(body, 'base64url').toString()) as CursorPayload;
  if (payload.w !== expected.workspaceId || payload.q !== expected.fingerprint) {
    throw badRequest(`${name} belongs to a different query; start again without it`);
  }
  return payload;
}

function safeEqual(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
