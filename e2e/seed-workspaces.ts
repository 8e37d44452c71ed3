// Run by playwright.config.ts's webServer before the service starts on the same data folder (the
// embedded database admits one process at a time): one workspace per spec file, each with the
// demo's content and people (src/server/demo/seed.ts), signing in with E2E_PASSWORD.
import 'reflect-metadata';
import { openDatabase } from '../src/server/database';
import { lockDataDir } from '../src/server/db/data-dir-lock';
import { DEMO_AUDIT_EVENTS, DEMO_USERS, seedDemoWorkspace } from '../src/server/demo/seed';
import { hashPassword } from '../src/server/features/auth/password';
import { TEST_SCRYPT_COST } from '../src/server/test/scrypt-cost';
import { refreshStatistics } from '../src/server/workers/housekeeping';
import { allSpecWorkspaces, E2E_PASSWORD } from './workspaces';

/**
 * The audit explorer's spec searches a month of one person's events and needs several pages of
 * them: the last 45 days of the demo's year, as dense as the demo has them. The whole year (100,000
 * events, where its searches span 30 days at most) cost each run about a minute of a core to write,
 * chain and tally. Other specs get a little history over a year, so the start stays quick.
 */
const EXPLORER_DAYS = 45;
type History = { events: number; days?: number };
const AUDIT_HISTORY: Record<string, History> = {
  'audit-explorer': { events: Math.round((DEMO_AUDIT_EVENTS * EXPLORER_DAYS) / 365), days: EXPLORER_DAYS },
};
const SOME_AUDIT_HISTORY: History = { events: 500 };

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('DATA_DIR names the data folder the service will use');
const started = performance.now();
const release = lockDataDir(dataDir, 'the end-to-end workspace seed');
const database = await openDatabase({ dataDir });
const workspaces = allSpecWorkspaces();
try {
  const passwordHash = await hashPassword(E2E_PASSWORD, TEST_SCRYPT_COST);
  for (const workspace of workspaces) {
    const history = AUDIT_HISTORY[workspace.slug] ?? SOME_AUDIT_HISTORY;
    await database.db.transaction((tx) =>
      seedDemoWorkspace(tx, {
        name: workspace.name,
        people: DEMO_USERS.map((person) => ({ ...person, email: workspace.email(person.email.split('@')[0]!) })),
        passwordHash,
        auditEvents: history.events,
        auditDays: history.days,
      }),
    );
  }
  await refreshStatistics(database.db);
} finally {
  await database.close();
  release();
}
console.log(`e2e: seeded ${workspaces.length} spec workspace${workspaces.length === 1 ? '' : 's'} in ${Math.round(performance.now() - started)} ms`);
