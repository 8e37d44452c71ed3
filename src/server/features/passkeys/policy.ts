import { and, eq, inArray, notExists } from 'drizzle-orm';
import { PASSKEY_REQUIRED_ROLES } from '../../../contract/passkeys';
import type { Role } from '../../../contract/roles';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { conflict } from '../../http/errors';
import type { Principal } from '../../http/types';
import { passkeyPolicies, passkeys } from './schema';

/** Whether the workspace requires passkeys of its admins (off until an approved request turns it on). */
export async function adminsRequirePasskeys(db: Db, workspaceId: string): Promise<boolean> {
  const [row] = await db.select({ on: passkeyPolicies.adminsRequirePasskeys }).from(passkeyPolicies).where(eq(passkeyPolicies.workspaceId, workspaceId));
  return row?.on ?? false;
}

export const isPasskeyAdminRole = (role: Role) => (PASSKEY_REQUIRED_ROLES as readonly Role[]).includes(role);

/** Passkeys are required of a console admin while the workspace setting is on. */
export async function passkeysRequiredOf(db: Db, person: { workspaceId: string; role: Role; kind?: Principal['kind'] }): Promise<boolean> {
  if (person.kind === 'API' || !isPasskeyAdminRole(person.role)) return false;
  return adminsRequirePasskeys(db, person.workspaceId);
}

/** Enabled admins of the workspace who have not registered a passkey. */
export async function adminsWithoutPasskey(db: Db, workspaceId: string): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: users.id, name: users.displayName })
    .from(users)
    .where(
      and(
        eq(users.workspaceId, workspaceId),
        eq(users.enabled, true),
        inArray(users.role, [...PASSKEY_REQUIRED_ROLES]),
        notExists(
          db
            .select({ id: passkeys.id })
            .from(passkeys)
            .where(and(eq(passkeys.workspaceId, workspaceId), eq(passkeys.userId, users.id))),
        ),
      ),
    )
    .orderBy(users.displayName);
}

/** Turning the requirement on would lock out every admin without a passkey: refused, naming them. */
export async function assertAdminsCanComply(db: Db, workspaceId: string): Promise<void> {
  const missing = await adminsWithoutPasskey(db, workspaceId);
  if (missing.length > 0) {
    throw conflict(`Passkeys cannot be required of admins yet: ${missing.map((a) => a.name).join(', ')} must first register a passkey`);
  }
}

/** Applies an approved change of the setting (checked again here: an admin may have removed a passkey since). */
export async function setAdminsRequirePasskeys(tx: Db, workspaceId: string, on: boolean, now: Date) {
  if (on) await assertAdminsCanComply(tx, workspaceId);
  const before = await adminsRequirePasskeys(tx, workspaceId);
  await tx
    .insert(passkeyPolicies)
    .values({ workspaceId, adminsRequirePasskeys: on, updatedAt: now })
    .onConflictDoUpdate({ target: passkeyPolicies.workspaceId, set: { adminsRequirePasskeys: on, updatedAt: now } });
  return { before: { adminsRequirePasskeys: before }, after: { adminsRequirePasskeys: on } };
}
