import { and, eq, exists, inArray, isNull, sql } from 'drizzle-orm';
import type { Role } from '../../../contract/roles';
import { atomically, type Db } from '../../db/client';
import { accessEndedPayload, CHANNELS, notify } from '../../db/notify';
import { preparedFor } from '../../db/prepared';
import { apiNonces, apiUsers, refreshTokens, signInFailures, users, workspaces } from '../../db/schema';
import type { Principal } from '../../http/types';
import { forgetPrincipals } from './principal-cache';

export async function findUserByEmail(db: Db, email: string) {
  const [row] = await db
    .select({ user: users, workspaceName: workspaces.name })
    .from(users)
    .innerJoin(workspaces, eq(workspaces.id, users.workspaceId))
    .where(eq(users.email, email.toLowerCase()));
  return row;
}

const consolePrincipal = (row: typeof users.$inferSelect): Principal => ({
  kind: 'CONSOLE',
  id: row.id,
  name: row.displayName,
  email: row.email,
  role: row.role as Role,
  workspaceId: row.workspaceId,
});

export async function findConsolePrincipal(db: Db, userId: string): Promise<Principal | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.enabled, true)));
  return row && consolePrincipal(row);
}

/**
 * The principal of a console access token, in one query: the user must be enabled and the sign-in
 * the token belongs to must still be live (a refresh token of its family not revoked). Sign-out,
 * a reused refresh cookie and a disabled account therefore end the token on its next request.
 */
const sessionPrincipalQuery = preparedFor((db) => {
  const live = db
    .select({ one: sql`1` })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.familyId, sql.placeholder('sessionId')), eq(refreshTokens.userId, users.id), isNull(refreshTokens.revokedAt)));
  return db
    .select({ user: users, workspaceName: workspaces.name })
    .from(users)
    .innerJoin(workspaces, eq(workspaces.id, users.workspaceId))
    .where(and(eq(users.id, sql.placeholder('userId')), eq(users.enabled, true), exists(live)))
    .prepare('session_principal');
});

export async function findSessionPrincipal(db: Db, userId: string, sessionId: string): Promise<(Principal & { workspaceName: string }) | undefined> {
  const [row] = await sessionPrincipalQuery(db).execute({ userId, sessionId });
  return row && { ...consolePrincipal(row.user), workspaceName: row.workspaceName };
}

const apiUserQuery = preparedFor((db) =>
  db
    .select()
    .from(apiUsers)
    .where(eq(apiUsers.id, sql.placeholder('apiKey')))
    .prepare('api_user_for_auth'),
);

export async function findApiUserForAuth(db: Db, apiKey: string) {
  const [row] = await apiUserQuery(db).execute({ apiKey });
  return row && { ...row, role: row.role as Role };
}

export async function workspaceName(db: Db, workspaceId: string): Promise<string> {
  const [row] = await db.select({ name: workspaces.name }).from(workspaces).where(eq(workspaces.id, workspaceId));
  return row?.name ?? '';
}

type NonceClaim = { apiUserId: string; nonce: string; expiresAt: Date; settle: (fresh: boolean) => void; fail: (error: unknown) => void };
const nonceQueues = new WeakMap<Db, { waiting: NonceClaim[]; running: boolean }>();
const NONCES_PER_STATEMENT = 500;

/**
 * Records a nonce; false when it was seen before (a replay). The table's primary key stays the one
 * judge of a replay, on every instance: each nonce is inserted, and only the request whose insert
 * made the row is fresh. A request alone is inserted at once; those that arrive while an insert
 * runs wait for it and go together in the next statement, so a burst of signed requests costs a
 * few writes instead of one each. The same nonce twice in one statement is fresh once.
 */
export function rememberNonce(db: Db, apiUserId: string, nonce: string, expiresAt: Date): Promise<boolean> {
  let queue = nonceQueues.get(db);
  if (!queue) nonceQueues.set(db, (queue = { waiting: [], running: false }));
  const claimed = new Promise<boolean>((settle, fail) => queue.waiting.push({ apiUserId, nonce, expiresAt, settle, fail }));
  if (!queue.running) void insertNonces(db, queue);
  return claimed;
}

async function insertNonces(db: Db, queue: { waiting: NonceClaim[]; running: boolean }) {
  queue.running = true;
  while (queue.waiting.length > 0) {
    const batch = queue.waiting.splice(0, NONCES_PER_STATEMENT);
    try {
      const inserted = await db
        .insert(apiNonces)
        .values(batch.map(({ apiUserId, nonce, expiresAt }) => ({ apiUserId, nonce, expiresAt })))
        .onConflictDoNothing()
        .returning({ apiUserId: apiNonces.apiUserId, nonce: apiNonces.nonce });
      const fresh = new Set(inserted.map((row) => `${row.apiUserId} ${row.nonce}`));
      for (const claim of batch) {
        const key = `${claim.apiUserId} ${claim.nonce}`;
        claim.settle(fresh.delete(key));
      }
    } catch (error) {
      for (const claim of batch) claim.fail(error);
    }
  }
  queue.running = false;
}

export async function storeRefreshToken(db: Db, values: typeof refreshTokens.$inferInsert) {
  await db.insert(refreshTokens).values(values);
}

/** A token reused within this window is taken for two tabs racing, not for theft. */
const REUSE_GRACE_MS = 10_000;

export type RotateOutcome =
  { ok: true; userId: string; workspaceId: string; familyId: string } | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'raced' | 'reused' };

/**
 * Spends a refresh token. Each token works once; presenting a spent token again means it was
 * copied, so the whole family (that sign-in) is revoked, except within a short grace period in
 * which a concurrent refresh from another tab is the likely cause.
 */
export async function spendRefreshToken(db: Db, tokenHash: string, now: Date): Promise<RotateOutcome> {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, tokenHash));
  if (!row) return { ok: false, reason: 'unknown' };
  if (row.revokedAt) return { ok: false, reason: 'revoked' };
  if (row.expiresAt <= now) return { ok: false, reason: 'expired' };
  const spent = await db
    .update(refreshTokens)
    .set({ usedAt: now })
    .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt)))
    .returning({ id: refreshTokens.id });
  if (spent.length === 0) {
    const [current] = await db.select({ usedAt: refreshTokens.usedAt }).from(refreshTokens).where(eq(refreshTokens.id, row.id));
    if (current?.usedAt && now.getTime() - current.usedAt.getTime() < REUSE_GRACE_MS) return { ok: false, reason: 'raced' };
    await revokeFamily(db, row.familyId, now);
    return { ok: false, reason: 'reused' };
  }
  return { ok: true, userId: row.userId, workspaceId: row.workspaceId, familyId: row.familyId };
}

export async function revokeFamily(db: Db, familyId: string, now: Date) {
  await atomically(db, async (tx) => {
    await tx
      .update(refreshTokens)
      .set({ revokedAt: now })
      .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
    // With the revocation's commit, every instance ends this sign-in's live streams.
    await notify(tx, CHANNELS.accessEnded, accessEndedPayload({ session: familyId }));
  });
  forgetPrincipals();
}

export async function sessionOfToken(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ familyId: refreshTokens.familyId, userId: refreshTokens.userId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash));
  return row;
}

// Failed sign-ins: a few are free, then each further one doubles the wait, up to 15 minutes.
const FAILURE_MEMORY_MS = 15 * 60 * 1000;
const MAX_BLOCK_MS = 15 * 60 * 1000;

export interface ThrottleRule {
  key: string;
  freeFailures: number;
}

/** The latest moment until which any of these keys is blocked, if one is. */
export async function blockedUntil(db: Db, keys: string[], now: Date): Promise<Date | undefined> {
  const rows = await db.select().from(signInFailures).where(inArray(signInFailures.key, keys));
  const until = rows.map((r) => r.blockedUntil?.getTime() ?? 0).filter((t) => t > now.getTime());
  return until.length ? new Date(Math.max(...until)) : undefined;
}

export async function recordFailure(db: Db, rule: ThrottleRule, now: Date) {
  const forgetBefore = new Date(now.getTime() - FAILURE_MEMORY_MS);
  const [row] = await db
    .insert(signInFailures)
    .values({ key: rule.key, failures: 1, lastFailureAt: now })
    .onConflictDoUpdate({
      target: signInFailures.key,
      set: {
        failures: sql`case when ${signInFailures.lastFailureAt} < ${forgetBefore} then 1 else ${signInFailures.failures} + 1 end`,
        lastFailureAt: now,
      },
    })
    .returning({ failures: signInFailures.failures });
  const over = (row?.failures ?? 1) - rule.freeFailures;
  if (over >= 0) {
    const waitMs = Math.min(1000 * 2 ** over, MAX_BLOCK_MS);
    await db
      .update(signInFailures)
      .set({ blockedUntil: new Date(now.getTime() + waitMs) })
      .where(eq(signInFailures.key, rule.key));
  }
}

export async function clearFailures(db: Db, key: string) {
  await db.delete(signInFailures).where(eq(signInFailures.key, key));
}
