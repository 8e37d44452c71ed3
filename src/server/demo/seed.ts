import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Role } from '../../contract/roles';
import { inTransactionUnderLock } from '../db/advisory-lock';
import type { Db } from '../db/client';
import { users, workspaces } from '../db/schema';
import { insertApiUser } from '../features/admin/store';
import { refreshStatistics } from '../workers/housekeeping';
import { seedAuditHistory } from './audit-history';
import { beginDemoHistory } from './history-fill';
import { createConsoleUser, createWorkspace, setPasswordHash } from '../features/auth/accounts';
import { hashPassword } from '../features/auth/password';
import { seedComplianceDemo } from '../features/compliance/demo';
import { seedEarnDemo } from '../features/earn/demo';
import { seedTradingDemo } from '../features/trading/demo';
import { seedTransactionsDemo } from '../features/transactions/demo';

export const DEMO_WORKSPACE_NAME = 'Demo Workspace';

/** One demo person for every role the spec's permissions name (issue 2's list). */
export const DEMO_USERS: { email: string; displayName: string; role: Role }[] = [
  { email: 'owner@demo.test', displayName: 'Olivia Owner', role: 'OWNER' },
  { email: 'admin@demo.test', displayName: 'Adam Admin', role: 'ADMIN' },
  { email: 'admin2@demo.test', displayName: 'Ada Admin', role: 'ADMIN' },
  { email: 'nsadmin@demo.test', displayName: 'Nadia Non-Signing', role: 'NON_SIGNING_ADMIN' },
  { email: 'signer@demo.test', displayName: 'Sam Signer', role: 'SIGNER' },
  { email: 'approver@demo.test', displayName: 'April Approver', role: 'APPROVER' },
  { email: 'trader@demo.test', displayName: 'Theo Trader', role: 'EDITOR' },
  { email: 'auditor@demo.test', displayName: 'Audrey Auditor', role: 'AUDITOR' },
  { email: 'secadmin@demo.test', displayName: 'Simon Security-Admin', role: 'SECURITY_ADMIN' },
  { email: 'secauditor@demo.test', displayName: 'Sara Security-Auditor', role: 'SECURITY_AUDITOR' },
  { email: 'ncwadmin@demo.test', displayName: 'Nico NCW-Admin', role: 'NCW_ADMIN' },
  { email: 'viewer@demo.test', displayName: 'Vera Viewer', role: 'VIEWER' },
];

export interface DemoSeedResult {
  workspaceId: string;
  password: string;
  /** Where the password came from: the caller, the data folder (an earlier start), or made now. */
  passwordSource: 'given' | 'kept' | 'new';
  created: boolean;
  apiUser?: { id: string; privateKeyFile: string };
}

/**
 * A year of history for the audit explorer (issue 4 asks for at least 100,000 events): its newest
 * events are written with the workspace, the rest once the service is ready (history-fill.ts).
 */
export const DEMO_AUDIT_EVENTS = 100_000;

/**
 * Makes sure the demo workspace exists and that its people sign in with `password` (see
 * demoPassword; the caller prints it). The first seed also creates a demo API user whose private
 * key is written next to the data, so the official SDK can be tried at once.
 *
 * Seeds under a database-wide lock, in one transaction: instances started together once crashed
 * on a duplicate email and left two half-made demo workspaces. Now the first one seeds, the others
 * wait and find the workspace made, and a start that dies half-way leaves nothing behind, so the
 * next start seeds afresh.
 */
export async function seedDemo(db: Db, options: { password?: string | DemoPassword; keyDir: string; auditEvents?: number }): Promise<DemoSeedResult> {
  const password = typeof options.password === 'object' ? options.password : demoPassword(options.keyDir, options.password);
  const result = await inTransactionUnderLock(db, 'demoSeed', (tx) => seedDemoLocked(tx, { ...options, password }));
  // A bulk load leaves the planner without statistics until the next housekeeping round.
  if (result.created) await refreshStatistics(db);
  return result;
}

/** The demo password file: beside the data, owner-only, so that restarts keep the password people were given. */
export const DEMO_PASSWORD_FILE = 'demo-password';

/** The demo's password, where it came from, and its hash. */
export interface DemoPassword {
  password: string;
  passwordSource: DemoSeedResult['passwordSource'];
  /** The hash (one scrypt, made once however often it is asked for). */
  passwordHash: () => Promise<string>;
  /** The hash an earlier start gave the demo people from this kept password, as the file recorded it. */
  keptHash?: string;
}

/**
 * The password to seed with: the caller's, else the one an earlier start kept in the data folder,
 * else a new random one, kept there for the next start (created exclusively, so instances started
 * together on one machine agree on the first one written).
 *
 * A given or new password's hash is begun at once: scrypt runs on libuv's threads, so a service that
 * calls this before opening its database has the hash by the time the database is open. A kept
 * password is hashed only if the demo people's hash is not the one the file recorded beside it
 * (seedDemo): the usual restart then spends no scrypt at all, which on two cores took half a second
 * of the start from the database's opening.
 */
export function demoPassword(keyDir: string, given: string | undefined): DemoPassword {
  const hashed = (password: string, passwordSource: DemoSeedResult['passwordSource'], keptHash?: string, begin = true): DemoPassword => {
    let hash: Promise<string> | undefined;
    const passwordHash = () => (hash ??= hashPassword(password));
    if (begin) void passwordHash();
    return { password, passwordSource, passwordHash, ...(keptHash && { keptHash }) };
  };
  if (given) return hashed(given, 'given');
  const file = join(keyDir, DEMO_PASSWORD_FILE);
  // The password on the first line; the hash the demo people were given from it on the second.
  const kept = () => {
    try {
      const [password = '', hash] = readFileSync(file, 'utf8')
        .split('\n')
        .map((line) => line.trim());
      return { password, hash };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      return { password: '' };
    }
  };
  const before = kept();
  if (before.password) return hashed(before.password, 'kept', before.hash, !before.hash);
  const password = randomBytes(12).toString('base64url');
  mkdirSync(keyDir, { recursive: true });
  try {
    writeFileSync(file, `${password}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // Another instance wrote it first, and its password is the one; an empty file is replaced.
    const theirs = kept();
    if (theirs.password) return hashed(theirs.password, 'kept', theirs.hash, !theirs.hash);
    writeFileSync(file, `${password}\n`, { mode: 0o600 });
  }
  return hashed(password, 'new');
}

/**
 * Records beside a kept password the hash its demo people were given, so that the next start can see
 * they still have it without hashing. The file already holds the password itself, so the hash tells
 * a reader of the folder nothing more. A given password (DEMO_PASSWORD) is never written there.
 */
function recordHash(keyDir: string, password: string, passwordHash: string) {
  writeFileSync(join(keyDir, DEMO_PASSWORD_FILE), `${password}\n${passwordHash}\n`, { mode: 0o600 });
}

async function seedDemoLocked(db: Db, options: { password: DemoPassword; keyDir: string; auditEvents?: number }): Promise<DemoSeedResult> {
  const { password, passwordSource, keptHash } = options.password;
  const [existing] = await db.select().from(workspaces).where(eq(workspaces.isDemo, true));
  if (existing) {
    const people = await db.select().from(users).where(eq(users.workspaceId, existing.id));
    const demoPeople = people.filter((p) => DEMO_USERS.some((d) => d.email === p.email));
    // A kept password whose recorded hash every demo person still has: nothing to set. Otherwise set
    // rather than verified first (a verification costs what the hash does), one hash for all of them.
    if (keptHash && demoPeople.every((p) => p.passwordHash === keptHash)) {
      return { workspaceId: existing.id, password, passwordSource, created: false };
    }
    const passwordHash = await options.password.passwordHash();
    await setPasswordHash(
      db,
      demoPeople.map((p) => p.id),
      passwordHash,
    );
    if (passwordSource !== 'given') recordHash(options.keyDir, password, passwordHash);
    return { workspaceId: existing.id, password, passwordSource, created: false };
  }

  const passwordHash = await options.password.passwordHash();

  // The workspace's content and the newest of its history now; the rest of the history is written
  // once the service is ready (history-fill.ts).
  const { workspaceId, apiUser } = await seedDemoWorkspace(db, { name: DEMO_WORKSPACE_NAME, isDemo: true, people: DEMO_USERS, passwordHash, auditEvents: 0 });
  await beginDemoHistory(db, workspaceId, options.auditEvents ?? DEMO_AUDIT_EVENTS, Date.now());
  mkdirSync(options.keyDir, { recursive: true });
  const privateKeyFile = join(options.keyDir, 'demo-api-user.key');
  writeFileSync(privateKeyFile, apiUser.privateKeyPem, { mode: 0o600 });
  // writeFileSync's mode only applies to a new file; an old key file must not stay readable.
  chmodSync(privateKeyFile, 0o600);
  if (passwordSource !== 'given') recordHash(options.keyDir, password, passwordHash);
  // Written before the transaction commits: a start that dies in between leaves a key file that
  // the next seed overwrites, never a demo API user without its key.
  return { workspaceId, password, passwordSource, created: true, apiUser: { id: apiUser.id, privateKeyFile } };
}

/**
 * One workspace with the demo's content: `people` (sharing one password hash), an ADMIN API user,
 * the compliance, earn, trading and transactions demos and `auditEvents` events of history (over a
 * year, or the last `auditDays`). The demo seed makes the one demo workspace with it; the end-to-end
 * suite one workspace per spec file (e2e/seed-workspaces.ts), so no spec meets another's changes.
 */
export async function seedDemoWorkspace(
  db: Db,
  options: {
    name: string;
    isDemo?: boolean;
    people: readonly { email: string; displayName: string; role: Role }[];
    passwordHash: string;
    auditEvents: number;
    auditDays?: number;
  },
) {
  const workspace = await createWorkspace(db, options.name, options.isDemo ?? false);
  // One after the other: `db` is a transaction here, one PostgreSQL connection, where node-postgres
  // queues statements sent at once with a deprecation warning (an error in pg 9).
  const people: (Awaited<ReturnType<typeof createConsoleUser>> & { name: string })[] = [];
  for (const u of options.people) {
    people.push({ ...(await createConsoleUser(db, { ...u, workspaceId: workspace.id, passwordHash: options.passwordHash })), name: u.displayName });
  }
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const apiUser = await insertApiUser(db, {
    workspaceId: workspace.id,
    name: 'Demo treasury bot',
    role: 'ADMIN',
    status: 'READY',
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  });
  await seedComplianceDemo(db, workspace.id);
  await seedEarnDemo(db, workspace.id);
  await seedTradingDemo(db, workspace.id);
  await seedTransactionsDemo(db, workspace.id, people[0]!.id);
  await seedAuditHistory(db, workspace.id, [...people, { id: apiUser.id, name: apiUser.name, role: apiUser.role }], options.auditEvents, Date.now(), {
    days: options.auditDays,
  });
  return {
    workspaceId: workspace.id,
    apiUser: { id: apiUser.id, privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() },
  };
}
