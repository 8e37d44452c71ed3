import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { count, eq } from 'drizzle-orm';
import { z } from 'zod';
import { ROLES } from '../contract/roles';
import type { Database, Db } from '../server/db/client';
import { openDatabase } from '../server/database';
import { dataDirHolder, lockDataDir } from '../server/db/data-dir-lock';
import { restorePglite } from '../server/db/pglite-backup';
import { users, workspaces } from '../server/db/schema';
import { ConfigError, loadConfig } from '../server/env';
import { publicKeyFromCsr } from '../server/features/admin/csr';
import { insertApiUser } from '../server/features/admin/store';
import { createConsoleUser, createWorkspace } from '../server/features/auth/accounts';
import { seedAuditHistory } from '../server/demo/audit-history';
import { rotateSigningKey } from '../server/features/webhooks/signing';
import { ApiError } from '../server/http/errors';
import { refreshStatistics } from '../server/workers/housekeeping';
import { BACKUP_FILE, backupFileName } from '../server/workers/backups';
import { verifyDatabase } from '../server/verify-database';
import { VERSION } from '../server/version';
import { verifyAuditExport, VerifyInputError } from './verify-export';

const USAGE = `Asset Ops operator commands (use DATA_DIR or DATABASE_URL as for the service; stop the service first when it uses the embedded database, except for \`backup\`)

  npm run cli -- owner create --email E --password P [--name "Display Name"] [--workspace ID | --workspace-name NAME]
      Creates the first owner of an empty workspace: of the workspace ID when it has no users yet,
      otherwise of a new workspace (named NAME, default "Workspace").

  npm run cli -- api-users create --name N --role ROLE --csr FILE [--workspace ID]
      Creates a READY API user from a PEM certificate request. Without --workspace it uses the only
      workspace, or the demo workspace when there are several.

  npm run cli -- audit seed --count N [--workspace ID]
      Adds N realistic audit events spread over the past year (for benchmarks and demos), acted by
      the workspace's people, chained like live events.

  npm run cli -- webhooks rotate-signing-key
      Makes a new webhook signing key. Every instance signs with it within 30 seconds; the old key
      stays in /.well-known/jwks.json for 7 days, so receivers can still check earlier deliveries.

  npm run cli -- backup [--to FILE]
      Embedded database only: writes an online backup (a .tar.gz of the data folder, keys included).
      While the service runs, asks it for one (SIGUSR2) and waits for it in BACKUP_DIR, which must be
      set as the service has it; otherwise writes it to FILE, or to BACKUP_DIR.

  npm run cli -- restore --from FILE --data-dir DIR
      Makes the data folder DIR (missing or empty: it never overwrites) from a backup, and opens it
      once to check that it starts. Then run \`verify\` with DATA_DIR=DIR and start the service on it.

  npm run cli -- verify
      Checks the database (either kind): every workspace's audit chain, every vault balance against
      the transfers that moved it, and the webhook signing keys. Exits with 1 when a check fails,
      naming it in the JSON's "failed".

  npm run cli -- verify-export FILE [--key KEY.json] [--complete]
  npm run cli -- verify-export [FILE] --consistency PROOF.json [--key KEY.json]
      Needs no service and no database. Checks an audit log export with proofs (the console's
      "JSON with proofs"): the tree head's Ed25519 signature, and each event, rebuilt from its
      fields, against the head's root by its inclusion proof. --consistency: a consistency proof as
      GET /v1/management/audit_logs/consistency_proof answered it (both heads' signatures and the
      proof). --key: the key you trust (a JWK, or the service's /.well-known/jwks.json); without it
      the export's own key, whose id it prints. --complete: the export must hold every event of its
      head. Prints a line per failure and a summary, and exits with 1 when anything failed.
      scripts/verify-audit-export.mjs checks the same with Node alone (docs/audit-log.md).

Each command but verify-export prints one line of JSON.`;

class UsageError extends Error {}

const OwnerArgs = z.object({
  email: z.email({ error: '--email must be an email address' }),
  password: z.string({ error: '--password is required' }).min(12, { error: '--password must be at least 12 characters' }),
  name: z.string().min(1).max(80).optional(),
  workspace: z.uuid({ error: '--workspace must be a workspace id (UUID)' }).optional(),
  'workspace-name': z.string().min(1).max(80).optional(),
});

const ApiUserArgs = z.object({
  name: z.string({ error: '--name is required' }).min(1, { error: '--name must not be empty' }).max(30, { error: '--name must be at most 30 characters' }),
  role: z.enum(ROLES, { error: `--role must be one of ${ROLES.join(', ')}` }),
  csr: z.string({ error: '--csr FILE is required' }),
  workspace: z.uuid({ error: '--workspace must be a workspace id (UUID)' }).optional(),
});

const AuditSeedArgs = z.object({
  count: z.coerce
    .number({ error: '--count must be a number' })
    .int({ error: '--count must be a whole number' })
    .min(1, { error: '--count must be at least 1' })
    .max(10_000_000, { error: '--count must be at most 10,000,000' }),
  workspace: z.uuid({ error: '--workspace must be a workspace id (UUID)' }).optional(),
});

const BackupArgs = z.object({ to: z.string().min(1, { error: '--to must name a file' }).optional() });

const RestoreArgs = z.object({
  from: z.string({ error: '--from FILE is required: the backup to restore' }),
  'data-dir': z.string({ error: '--data-dir DIR is required: the new data folder (missing or empty)' }),
});

function parse<T>(schema: z.ZodType<T>, values: unknown): T {
  const result = schema.safeParse(values);
  if (!result.success) throw new UsageError(result.error.issues.map((i) => i.message).join('; '));
  return result.data;
}

async function pickWorkspace(db: Db, id: string | undefined): Promise<string> {
  const all = await db.select({ id: workspaces.id, name: workspaces.name, isDemo: workspaces.isDemo }).from(workspaces);
  if (id) {
    if (!all.some((w) => w.id === id)) throw new UsageError(`No workspace ${id}`);
    return id;
  }
  if (all.length === 1 && all[0]) return all[0].id;
  const demo = all.find((w) => w.isDemo);
  if (demo) return demo.id;
  if (all.length === 0) throw new UsageError('There is no workspace yet: create one with `owner create` first');
  throw new UsageError(`There are several workspaces; pass --workspace with one of: ${all.map((w) => `${w.id} (${w.name})`).join(', ')}`);
}

async function ownerCreate(db: Db, args: z.infer<typeof OwnerArgs>) {
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, args.email.toLowerCase()));
  if (taken) throw new UsageError(`A user with the email ${args.email} already exists`);
  let workspaceId = args.workspace;
  if (workspaceId) {
    const [found] = await db.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.id, workspaceId));
    if (!found) throw new UsageError(`No workspace ${workspaceId}`);
    const [people] = await db.select({ n: count() }).from(users).where(eq(users.workspaceId, workspaceId));
    if ((people?.n ?? 0) > 0) throw new UsageError(`Workspace ${workspaceId} already has users; its owner can invite more from the console`);
  } else {
    workspaceId = (await createWorkspace(db, args['workspace-name'] ?? 'Workspace')).id;
  }
  const owner = await createConsoleUser(db, {
    workspaceId,
    email: args.email,
    displayName: args.name ?? args.email.split('@')[0] ?? args.email,
    role: 'OWNER',
    password: args.password,
  });
  return { id: owner.id, email: owner.email, role: owner.role, workspaceId };
}

async function apiUserCreate(db: Db, args: z.infer<typeof ApiUserArgs>) {
  let csrPem: string;
  try {
    csrPem = readFileSync(args.csr, 'utf8');
  } catch {
    throw new UsageError(`Cannot read the certificate request file ${args.csr}`);
  }
  const publicKeyPem = await publicKeyFromCsr(csrPem);
  const workspaceId = await pickWorkspace(db, args.workspace);
  const user = await insertApiUser(db, { workspaceId, name: args.name, role: args.role, status: 'READY', publicKeyPem });
  return { ...user, workspaceId };
}

async function auditSeed(db: Db, args: z.infer<typeof AuditSeedArgs>) {
  const workspaceId = await pickWorkspace(db, args.workspace);
  const people = await db.select({ id: users.id, name: users.displayName, role: users.role }).from(users).where(eq(users.workspaceId, workspaceId));
  if (people.length === 0) throw new UsageError('The workspace has no users to act in the history; create an owner first');
  const started = performance.now();
  await seedAuditHistory(db, workspaceId, people, args.count, Date.now(), { seed: Date.now() % 100_000 });
  await refreshStatistics(db);
  return { workspaceId, events: args.count, seconds: Math.round((performance.now() - started) / 100) / 10 };
}

/** How long `backup` waits for a running service's backup before it gives up (a large folder compresses for minutes). */
const BACKUP_WAIT_MS = 30 * 60_000;

/**
 * A backup of the embedded database. The folder admits one process: while the service has it, the
 * service takes the backup (SIGUSR2) into its BACKUP_DIR and this waits for the file, named by the
 * moment it was started, so only one started after the request counts.
 */
async function backup(config: ReturnType<typeof loadConfig>, args: z.infer<typeof BackupArgs>) {
  if (!('dataDir' in config.database)) {
    throw new UsageError('`backup` is for the embedded database; back up PostgreSQL with pg_dump or a base backup (see the README)');
  }
  const { dataDir } = config.database;
  const service = dataDirHolder(dataDir);
  if (service) {
    const dir = config.backups?.dir;
    if (!dir)
      throw new UsageError(`The service (pid ${service.pid}) has the data folder: set BACKUP_DIR as the service has it, and it writes the backup there`);
    if (args.to) throw new UsageError(`The service (pid ${service.pid}) has the data folder: it writes the backup to its BACKUP_DIR (${dir}), not to --to`);
    if (!existsSync(dir)) throw new UsageError(`${dir} does not exist: is the service (pid ${service.pid}) started with BACKUP_DIR=${dir}?`);
    const after = backupFileName(new Date());
    process.kill(service.pid, 'SIGUSR2');
    for (const started = Date.now(); Date.now() - started < BACKUP_WAIT_MS; await sleep(200)) {
      const made = readdirSync(dir).find((name) => BACKUP_FILE.test(name) && name >= after);
      if (made) return { file: join(dir, made), bytes: statSync(join(dir, made)).size, by: `the service (pid ${service.pid})` };
      if (!dataDirHolder(dataDir)) throw new UsageError('The service stopped before its backup was written');
    }
    throw new UsageError(`No backup appeared in ${dir} within ${BACKUP_WAIT_MS / 60_000} minutes: see the service's log ("backup failed")`);
  }
  const file = args.to ? resolve(args.to) : config.backups ? join(config.backups.dir, backupFileName(new Date())) : undefined;
  if (!file) throw new UsageError('Name the backup file with --to FILE, or set BACKUP_DIR');
  return withDatabase(config, async (database) => database.backup!(file));
}

async function restore(args: z.infer<typeof RestoreArgs>) {
  const dataDir = resolve(args['data-dir']);
  const manifest = await restorePglite(resolve(args.from), dataDir).catch((error: unknown) => {
    throw new UsageError((error as Error).message);
  });
  // Opening it runs PostgreSQL's recovery from the backup's checkpoint, and this release's migrations.
  await withDatabase({ database: { dataDir } }, async () => undefined);
  return { dataDir, takenAt: manifest.takenAt, backupVersion: manifest.version, version: VERSION };
}

function readJson(path: string, what: string): unknown {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new UsageError(`Cannot read ${what} ${path}`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new UsageError(`${what} ${path} is not JSON`);
  }
}

/** Runs `work` on the configured database, holding the data folder's lock when it is the embedded one. */
async function withDatabase<T>(config: Pick<ReturnType<typeof loadConfig>, 'database'>, work: (database: Database) => Promise<T>): Promise<T> {
  const release = 'dataDir' in config.database ? lockDataDir(config.database.dataDir, 'the Asset Ops CLI') : () => undefined;
  const database = await openDatabase(config.database).catch((error: unknown) => {
    release();
    throw error;
  });
  try {
    return await work(database);
  } finally {
    await database.close();
    release();
  }
}

async function main(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string' },
      csr: { type: 'string' },
      workspace: { type: 'string' },
      'workspace-name': { type: 'string' },
      count: { type: 'string' },
      to: { type: 'string' },
      from: { type: 'string' },
      'data-dir': { type: 'string' },
      consistency: { type: 'string' },
      key: { type: 'string' },
      complete: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const command = positionals.join(' ');
  if (values.help || !command) {
    console.log(USAGE);
    return;
  }
  // Offline: no configuration, no database.
  if (positionals[0] === 'verify-export') {
    if (positionals.length > 2) throw new UsageError('verify-export takes one export file');
    const { lines, ok } = verifyAuditExport({
      file: positionals[1] === undefined ? undefined : readJson(positionals[1], 'The export'),
      consistency: values.consistency === undefined ? undefined : readJson(values.consistency, 'The consistency proof'),
      key: values.key === undefined ? undefined : readJson(values.key, 'The key'),
      keySource: values.key,
      complete: values.complete === true,
    });
    for (const line of lines) console.log(line);
    if (!ok) process.exitCode = 1;
    return;
  }
  const commands: Record<string, (db: Db) => Promise<unknown>> = {
    'owner create': (db) => ownerCreate(db, parse(OwnerArgs, values)),
    'api-users create': (db) => apiUserCreate(db, parse(ApiUserArgs, values)),
    'audit seed': (db) => auditSeed(db, parse(AuditSeedArgs, values)),
    'webhooks rotate-signing-key': (db) => rotateSigningKey(db, new Date()),
    verify: (db) => verifyDatabase(db),
  };
  if (command === 'restore') {
    console.log(JSON.stringify(await restore(parse(RestoreArgs, values))));
    return;
  }
  const run = commands[command];
  if (!run && command !== 'backup') throw new UsageError(`Unknown command "${command}"\n\n${USAGE}`);

  const config = loadConfig();
  const result = run ? await withDatabase(config, (database) => run(database.db)) : await backup(config, parse(BackupArgs, values));
  console.log(JSON.stringify(result));
  // A verification that found a fault says so in its JSON and in the exit status, for scripts.
  if (command === 'verify' && !(result as { ok: boolean }).ok) process.exitCode = 1;
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const known = error instanceof UsageError || error instanceof VerifyInputError || error instanceof ConfigError || error instanceof ApiError;
  console.error(known ? (error as Error).message : `Failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(known ? 2 : 1);
});
