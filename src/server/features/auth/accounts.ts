import { inArray } from 'drizzle-orm';
import type { Role } from '../../../contract/roles';
import type { Db } from '../../db/client';
import { users, workspaces } from '../../db/schema';
import { hashPassword } from './password';

export async function createWorkspace(db: Db, name: string, isDemo = false) {
  const [row] = await db.insert(workspaces).values({ name, isDemo }).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

/**
 * A console user with `password`, or with a `passwordHash` made once by hashPassword for several
 * people who share a password (the demo's and the end-to-end workspaces'): each hash costs 128 MiB
 * and a second or more of scrypt, which a seed of dozens of people would otherwise pay per person.
 */
export async function createConsoleUser(
  db: Db,
  values: { workspaceId: string; email: string; displayName: string; role: Role } & ({ password: string } | { passwordHash: string }),
) {
  const [row] = await db
    .insert(users)
    .values({
      workspaceId: values.workspaceId,
      email: values.email.toLowerCase(),
      displayName: values.displayName,
      role: values.role,
      passwordHash: 'passwordHash' in values ? values.passwordHash : await hashPassword(values.password),
    })
    .returning({ id: users.id, email: users.email, role: users.role, workspaceId: users.workspaceId });
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** Gives several people one password, hashed once by hashPassword (see createConsoleUser for why). */
export async function setPasswordHash(db: Db, userIds: string[], passwordHash: string) {
  if (userIds.length === 0) return;
  await db.update(users).set({ passwordHash }).where(inArray(users.id, userIds));
}
