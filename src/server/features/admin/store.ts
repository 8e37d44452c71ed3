import { and, asc, count, eq } from 'drizzle-orm';
import type { ApiUser, ConsoleUser, Person, UserStatus } from '../../../contract/admin';
import type { Role } from '../../../contract/roles';
import type { Db } from '../../db/client';
import { accessEndedPayload, CHANNELS, notify } from '../../db/notify';
import { apiUsers, users } from '../../db/schema';
import { lastEventAt } from '../audit/store';
import { signInEvent } from '../auth/events';
import { passkeys } from '../passkeys/schema';

export const toApiUser = (row: typeof apiUsers.$inferSelect): ApiUser => ({
  id: row.id,
  name: row.name,
  role: row.role as Role,
  enabled: row.enabled,
  status: row.status as UserStatus,
  userType: 'API',
});

export async function listApiUsers(db: Db, workspaceId: string): Promise<ApiUser[]> {
  const rows = await db.select().from(apiUsers).where(eq(apiUsers.workspaceId, workspaceId)).orderBy(asc(apiUsers.createdAt), asc(apiUsers.id));
  return rows.map(toApiUser);
}

export async function getApiUser(db: Db, workspaceId: string, id: string): Promise<ApiUser | undefined> {
  const [row] = await db
    .select()
    .from(apiUsers)
    .where(and(eq(apiUsers.workspaceId, workspaceId), eq(apiUsers.id, id)));
  return row && toApiUser(row);
}

export async function setApiUserEnabled(db: Db, workspaceId: string, id: string, enabled: boolean): Promise<ApiUser | undefined> {
  const [row] = await db
    .update(apiUsers)
    .set({ enabled })
    .where(and(eq(apiUsers.workspaceId, workspaceId), eq(apiUsers.id, id)))
    .returning();
  // When the caller's transaction commits, every instance ends the disabled user's live streams.
  if (row && !enabled) await notify(db, CHANNELS.accessEnded, accessEndedPayload({ apiUser: row.id }));
  return row && toApiUser(row);
}

export async function insertApiUser(
  db: Db,
  values: { workspaceId: string; name: string; role: Role; status: UserStatus; publicKeyPem: string; coSignerSetupType?: string | null },
): Promise<ApiUser> {
  const [row] = await db.insert(apiUsers).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return toApiUser(row);
}

/**
 * Every console user and API user of the workspace, disabled ones too (they still appear in what
 * they did), sorted by name. Workspaces hold tens of people, not thousands: one list, no paging.
 */
export async function listPeople(db: Db, workspaceId: string): Promise<Person[]> {
  const [consoleUsers, apiUserRows] = await Promise.all([
    db.select({ id: users.id, name: users.displayName, role: users.role }).from(users).where(eq(users.workspaceId, workspaceId)),
    db.select({ id: apiUsers.id, name: apiUsers.name, role: apiUsers.role }).from(apiUsers).where(eq(apiUsers.workspaceId, workspaceId)),
  ]);
  const people = [
    ...consoleUsers.map((row): Person => ({ ...row, kind: 'user', role: row.role as Role })),
    ...apiUserRows.map((row): Person => ({ ...row, kind: 'apiUser', role: row.role as Role })),
  ];
  return people.sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

/** What a reader may see of a console user beyond name, role and state (see ConsoleUser). */
interface ConsoleUserReading {
  lastSignIn: boolean;
  passkeys: boolean;
}

/** A sign-in as the audit log records it, password or passkey alike. */
const SIGNED_IN = signInEvent('Signed in');

/**
 * One console user of the workspace, or undefined (another workspace's id, an API user's). The last
 * sign-in is the newest `Signed in` event the audit log holds (kept for good, unlike the refresh
 * tokens, which are purged a day after they expire), read along the (workspace, user, time) index.
 */
export async function getConsoleUser(db: Db, workspaceId: string, id: string, reading: ConsoleUserReading): Promise<ConsoleUser | undefined> {
  const [row] = await db
    .select({ id: users.id, name: users.displayName, role: users.role, enabled: users.enabled, createdAt: users.createdAt })
    .from(users)
    .where(and(eq(users.workspaceId, workspaceId), eq(users.id, id)));
  if (!row) return undefined;
  const [signIn, keys] = await Promise.all([
    reading.lastSignIn ? lastEventAt(db, workspaceId, id, SIGNED_IN) : undefined,
    reading.passkeys
      ? db
          .select({ n: count() })
          .from(passkeys)
          .where(and(eq(passkeys.workspaceId, workspaceId), eq(passkeys.userId, id)))
      : undefined,
  ]);
  return {
    ...row,
    role: row.role as Role,
    createdAt: row.createdAt.getTime(),
    lastSignedInAt: signIn ?? null,
    passkeys: keys?.[0]?.n ?? null,
  };
}
