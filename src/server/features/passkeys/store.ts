import { and, asc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Passkey } from '../../../contract/passkeys';
import type { Db } from '../../db/client';
import { passkeys, webauthnChallenges } from './schema';
import type { StepUpBinding } from './binding';

export type PasskeyRow = typeof passkeys.$inferSelect;
export type ChallengePurpose = 'REGISTRATION' | 'SIGN_IN' | 'STEP_UP';

/** Challenges are answered within 2 minutes or not at all. */
export const CHALLENGE_TTL_MS = 2 * 60_000;

export const describePasskey = (row: PasskeyRow): Passkey => ({
  id: row.id,
  name: row.name,
  credentialId: row.credentialId,
  deviceType: row.deviceType === 'multiDevice' ? 'multiDevice' : 'singleDevice',
  backedUp: row.backedUp,
  transports: row.transports,
  createdAt: row.createdAt.getTime(),
  lastUsedAt: row.lastUsedAt?.getTime() ?? null,
});

export function listMine(db: Db, workspaceId: string, userId: string) {
  return db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.workspaceId, workspaceId), eq(passkeys.userId, userId)))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
}

export async function getMine(db: Db, workspaceId: string, userId: string, passkeyId: string) {
  const [row] = await db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.workspaceId, workspaceId), eq(passkeys.userId, userId), eq(passkeys.id, passkeyId)));
  return row;
}

/** A sign-in names no workspace: the credential id, unique everywhere, finds the passkey. */
export async function findByCredentialId(db: Db, credentialId: string) {
  const [row] = await db.select().from(passkeys).where(eq(passkeys.credentialId, credentialId));
  return row;
}

export async function insertPasskey(db: Db, values: typeof passkeys.$inferInsert) {
  const [row] = await db.insert(passkeys).values(values).onConflictDoNothing({ target: passkeys.credentialId }).returning();
  return row;
}

export async function renamePasskey(db: Db, workspaceId: string, userId: string, passkeyId: string, name: string) {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.workspaceId, workspaceId), eq(passkeys.userId, userId), eq(passkeys.id, passkeyId)))
    .returning();
  return row;
}

export async function deletePasskey(db: Db, workspaceId: string, userId: string, passkeyId: string) {
  const [row] = await db
    .delete(passkeys)
    .where(and(eq(passkeys.workspaceId, workspaceId), eq(passkeys.userId, userId), eq(passkeys.id, passkeyId)))
    .returning();
  return row;
}

/**
 * Records a use. The counter only moves forward, checked in the update itself, so two assertions
 * with one counter value (a clone, or a replay racing its original) cannot both pass; an
 * authenticator that keeps no counter reports 0 every time, which the spec allows.
 */
export async function recordUse(db: Db, passkeyId: string, counter: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(passkeys)
    .set({ counter, lastUsedAt: now })
    .where(and(eq(passkeys.id, passkeyId), or(lt(passkeys.counter, counter), and(eq(passkeys.counter, 0), sql`${counter} = 0`))))
    .returning({ id: passkeys.id });
  return rows.length > 0;
}

export async function storeChallenge(
  db: Db,
  values: { workspaceId: string | null; userId: string | null; purpose: ChallengePurpose; challenge: string; binding?: StepUpBinding },
  now: Date,
) {
  const [row] = await db
    .insert(webauthnChallenges)
    .values({ ...values, binding: values.binding ?? null, expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS) })
    .returning({ id: webauthnChallenges.id });
  return row!.id;
}

/**
 * Spends a challenge: once, before it expires, for its purpose and (when it has one) its user.
 * The conditions sit in the UPDATE itself, so two answers to one challenge cannot both spend it.
 */
export async function consumeChallenge(db: Db, id: string, purpose: ChallengePurpose, owner: { workspaceId: string; userId: string } | null, now: Date) {
  const [row] = await db
    .update(webauthnChallenges)
    .set({ usedAt: now })
    .where(
      and(
        eq(webauthnChallenges.id, id),
        eq(webauthnChallenges.purpose, purpose),
        isNull(webauthnChallenges.usedAt),
        gt(webauthnChallenges.expiresAt, now),
        owner ? and(eq(webauthnChallenges.workspaceId, owner.workspaceId), eq(webauthnChallenges.userId, owner.userId)) : isNull(webauthnChallenges.userId),
      ),
    )
    .returning();
  return row && { ...row, binding: row.binding as StepUpBinding | null };
}

export function purgeChallenges(db: Db, before: Date) {
  return db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, before));
}
