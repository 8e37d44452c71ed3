import { createHash, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import type { Db } from '../../db/client';
import { serverSecrets } from '../../db/schema';
import type { ServerSecrets } from '../../http/types';

export const ACCESS_TOKEN_ISSUER = 'asset-ops';
export const ACCESS_TOKEN_AUDIENCE = 'console';
export const ACCESS_TOKEN_TTL_MS = 10 * 60 * 1000;
export const REFRESH_TOKEN_TTL_MS = 14 * 24 * 60 * 60 * 1000;

/**
 * A console access token names its sign-in (`sid`, the refresh-token family), so every request can
 * check in the database that the sign-in was not ended: sign-out or a stolen refresh cookie ends
 * its access tokens at once, on every instance, not when they expire.
 */
export async function signAccessToken(key: Uint8Array, userId: string, workspaceId: string, sessionId: string, now: Date) {
  const expiresAt = now.getTime() + ACCESS_TOKEN_TTL_MS;
  const accessToken = await new SignJWT({ ws: workspaceId, sid: sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(ACCESS_TOKEN_ISSUER)
    .setAudience(ACCESS_TOKEN_AUDIENCE)
    .setSubject(userId)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(Math.floor(expiresAt / 1000))
    .sign(key);
  return { accessToken, expiresAt };
}

/** A refresh token is 256 random bits; only its SHA-256 is stored. */
export function newRefreshToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashRefreshToken(token) };
}

export const hashRefreshToken = (token: string) => createHash('sha256').update(token).digest('hex');

async function loadSecret(db: Db, name: string): Promise<Uint8Array> {
  await db
    .insert(serverSecrets)
    .values({ name, value: randomBytes(32).toString('base64') })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, name));
  if (!row) throw new Error(`the server secret ${name} could not be stored`);
  return new Uint8Array(Buffer.from(row.value, 'base64'));
}

export async function loadSecrets(db: Db): Promise<ServerSecrets> {
  return { accessTokenKey: await loadSecret(db, 'access_token_key'), cursorKey: await loadSecret(db, 'cursor_key') };
}
