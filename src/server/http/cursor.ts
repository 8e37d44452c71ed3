import { createHmac, timingSafeEqual } from 'node:crypto';
import { badRequest } from './errors';

/**
 * Opaque, tamper-proof list cursors: a position and the query it belongs to, signed with the
 * installation's cursor key. A forged cursor, or one from another workspace or another query, is
 * refused rather than answered with data.
 */
interface Envelope<P> {
  /** workspace */
  w: string;
  /** fingerprint of the query the cursor continues */
  q: string;
  /** where the next page starts, and whatever else the list needs to continue the same way */
  p: P;
}

const sign = (key: Uint8Array, body: string) => createHmac('sha256', key).update(body).digest('base64url');

export function encodeCursor<P>(key: Uint8Array, workspaceId: string, fingerprint: string, position: P): string {
  const envelope: Envelope<P> = { w: workspaceId, q: fingerprint, p: position };
  const body = Buffer.from(JSON.stringify(envelope)).toString('base64url');
  return `${body}.${sign(key, body)}`;
}

export function decodeCursor<P>(key: Uint8Array, cursor: string, expected: { workspaceId: string; fingerprint: string }, name = 'pageCursor'): P {
  const [body, signature, extra] = cursor.split('.');
  const valid = body && signature && extra === undefined && safeEqual(signature, sign(key, body));
  if (!valid) throw badRequest(`${name} is not a cursor this service issued`);
  const envelope = JSON.parse(Buffer.from(body, 'base64url').toString()) as Envelope<P>;
  if (envelope.w !== expected.workspaceId || envelope.q !== expected.fingerprint) {
    throw badRequest(`${name} belongs to a different query; start again without it`);
  }
  return envelope.p;
}

function safeEqual(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
