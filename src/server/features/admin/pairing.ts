import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import type { ApiUser } from '../../../contract/admin';
import type { Db } from '../../db/client';
import { apiUsers } from '../../db/schema';
import { notFound, unauthorized } from '../../http/errors';
import { appendAudit, type AuditActor } from '../audit/record';
import { transition } from './api-user-states';
import { toApiUser } from './store';

const PAIRING_TTL_MS = 24 * 60 * 60 * 1000;
// Same installation key as console sessions, but its own audience: neither token passes for the other.
const AUDIENCE = 'cosigner-pairing';
const ISSUER = 'asset-ops';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

type Row = typeof apiUsers.$inferSelect;

/** A pairing token left unredeemed past its expiry puts the user back in PENDING_ACTIVATION. */
async function expireStalePairing(tx: Db, row: Row, now: Date): Promise<Row> {
  if (row.status === 'PENDING_DEVICE_PAIRING' && row.pairingExpiresAt && row.pairingExpiresAt <= now) {
    const status = transition(row.status, 'pairingTokenExpired');
    const [updated] = await tx.update(apiUsers).set({ status, pairingTokenId: null, pairingExpiresAt: null }).where(eq(apiUsers.id, row.id)).returning();
    return updated ?? row;
  }
  return row;
}

export async function issuePairingToken(db: Db, key: Uint8Array, actor: AuditActor, userId: string, now: Date): Promise<ApiUser & { pairingToken: string }> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select()
      .from(apiUsers)
      .where(and(eq(apiUsers.workspaceId, actor.workspaceId), eq(apiUsers.id, userId)))
      .for('update');
    if (!found) throw notFound('API user not found');
    const row = await expireStalePairing(tx, found, now);
    const status = transition(row.status, 'issuePairingToken');
    const jti = randomUUID();
    const expiresAt = new Date(now.getTime() + PAIRING_TTL_MS);
    const pairingToken = await new SignJWT({ ws: row.workspaceId })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setSubject(row.id)
      .setJti(jti)
      .setIssuedAt(Math.floor(now.getTime() / 1000))
      .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
      .sign(key);
    const [updated] = await tx.update(apiUsers).set({ status, pairingTokenId: jti, pairingExpiresAt: expiresAt }).where(eq(apiUsers.id, row.id)).returning();
    await appendAudit(
      tx,
      actor,
      [
        {
          category: 'Administration',
          subject: 'API user',
          event: 'Pairing token issued',
          detail: { apiUserId: row.id, name: row.name, before: { status: row.status }, after: { status }, expiresAt: expiresAt.getTime() },
        },
      ],
      now,
    );
    return { ...toApiUser(updated!), pairingToken };
  });
}

type RequestOrigin = Pick<AuditActor, 'requestId' | 'sourceAddress'>;

/** Records a step the co-signer took itself, from `origin`: the API user's move to `status`. */
async function auditCoSignerStep(tx: Db, row: Row, status: Row['status'], event: string, origin: RequestOrigin, now: Date) {
  const actor: AuditActor = { workspaceId: row.workspaceId, userId: row.id, userName: `${row.name} (co-signer)`, ...origin };
  const detail = { apiUserId: row.id, before: { status: row.status }, after: { status } };
  await appendAudit(tx, actor, [{ category: 'Administration', subject: 'API user', event, detail }], now);
}

/** The co-signer presents its pairing token once; it gets a setup token for the last step. */
export async function redeemPairingToken(db: Db, key: Uint8Array, token: string, origin: RequestOrigin, now: Date) {
  let claims: { sub?: string; jti?: string };
  try {
    ({ payload: claims } = await jwtVerify(token, key, { algorithms: ['HS256'], audience: AUDIENCE, issuer: ISSUER, currentDate: now }));
  } catch {
    throw unauthorized('The pairing token is invalid or has expired; ask an admin for a new one');
  }
  return db.transaction(async (tx) => {
    const [row] = claims.sub ? await tx.select().from(apiUsers).where(eq(apiUsers.id, claims.sub)).for('update') : [];
    if (!row || !claims.jti || row.pairingTokenId !== claims.jti) throw unauthorized('This pairing token was already redeemed or replaced');
    const status = transition(row.status, 'redeemPairingToken');
    const setupToken = randomBytes(32).toString('base64url');
    await tx
      .update(apiUsers)
      .set({ status, pairingTokenId: null, pairingExpiresAt: null, setupTokenHash: sha256(setupToken) })
      .where(eq(apiUsers.id, row.id));
    await auditCoSignerStep(tx, row, status, 'Device paired', origin, now);
    return { userId: row.id, status, setupToken };
  });
}

export async function completeDeviceSetup(db: Db, setupToken: string, origin: RequestOrigin, now: Date) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(apiUsers)
      .where(eq(apiUsers.setupTokenHash, sha256(setupToken)))
      .for('update');
    if (!row) throw unauthorized('The setup token is invalid or was already used');
    const status = transition(row.status, 'completeDeviceSetup');
    await tx.update(apiUsers).set({ status, setupTokenHash: null }).where(eq(apiUsers.id, row.id));
    await auditCoSignerStep(tx, row, status, 'Device set up', origin, now);
    return { userId: row.id, status };
  });
}
