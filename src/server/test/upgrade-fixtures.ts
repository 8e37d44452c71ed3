import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';

/**
 * Upgrade fixtures: a database as an earlier release left it, one per release, made by
 * scripts/upgrade-fixture.ts (`npm run fixture:upgrade -- --commit <revision>`) and opened with this
 * release by src/server/upgrade.test.ts. Each is `<version>.sql.gz`, a plain pg_dump of the
 * release's PostgreSQL database (loadable into PGlite and PostgreSQL alike: a data folder's files
 * are 3 to 9 MB compressed, this about 0.3 MB), and `<version>.json`, what the release wrote and
 * answered. The newest is the previous release: the rolling-upgrade fleet test runs its commit, and
 * the expand/contract check compares this release's migrations with its schema.
 */
export const FIXTURES_DIR = fileURLToPath(new URL('./upgrade-fixtures/', import.meta.url));

/** The demo people's password in every fixture (they are the demo workspace's, seeded by the release). */
export const FIXTURE_PASSWORD = 'upgrade-fixture-password';
/** Events of demo history the release seeds (its year of history would make the fixture 30 times larger). */
export const FIXTURE_AUDIT_HISTORY = 200;

/** Transfers the generator makes through the release's API, each waited for until COMPLETED. */
export const FIXTURE_TRANSFERS = [
  { externalTxId: 'fixture-usdc', assetId: 'USDC', source: '0', destination: '1', amount: '1250.5', note: 'Upgrade fixture: fund the desk' },
  { externalTxId: 'fixture-btc', assetId: 'BTC', source: '2', destination: '0', amount: '0.125', note: 'Upgrade fixture: cold to treasury' },
  { externalTxId: 'fixture-eth', assetId: 'ETH', source: '0', destination: '1', amount: '2.000000000000000001', note: 'Upgrade fixture: 18 decimals' },
] as const;
export const FIXTURE_NOTE = { assetId: 'BTC', text: 'Cold storage only (upgrade fixture)' } as const;
export const FIXTURE_PRICE = { assetId: 'USDC', currency: 'USD', price: '1.0002' } as const;

export interface FixtureManifest {
  version: string;
  commit: string;
  workspaceId: string;
  /** The demo API user, with its private key (a test key: the fixture's database is public). */
  apiUser: { id: string; privateKeyPem: string };
  /** The transfers' ids by externalTxId. */
  transfers: Record<string, string>;
  /** Audit events in the workspace when the release stopped. */
  auditEvents: number;
  /** What the release answered (200) to these reads, made by `as` (a demo person's email) or the API user. */
  reads: { path: string; as: string; answer: unknown }[];
}

export interface UpgradeFixture {
  version: string;
  manifest: FixtureManifest;
  /** The dump's SQL. */
  sql(): string;
}

const versionKey = (version: string) => version.split('.').map(Number);
const byVersion = (a: string, b: string) => {
  const [x, y] = [versionKey(a), versionKey(b)];
  for (let i = 0; i < Math.max(x.length, y.length); i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) - (y[i] ?? 0);
  return 0;
};

/** Every fixture, oldest release first. */
export function upgradeFixtures(): UpgradeFixture[] {
  return readdirSync(FIXTURES_DIR)
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -'.json'.length))
    .sort(byVersion)
    .map((version) => ({
      version,
      manifest: JSON.parse(readFileSync(`${FIXTURES_DIR}${version}.json`, 'utf8')) as FixtureManifest,
      sql: () => gunzipSync(readFileSync(`${FIXTURES_DIR}${version}.sql.gz`)).toString('utf8'),
    }));
}

/** The previous release: the newest fixture's. */
export function previousRelease(): UpgradeFixture {
  const fixture = upgradeFixtures().at(-1);
  if (!fixture) throw new Error(`No upgrade fixture in ${FIXTURES_DIR}: make one with npm run fixture:upgrade`);
  return fixture;
}

/** A query on the loaded database's session: its rows. */
export type FixtureQuery = (sql: string) => Promise<Record<string, unknown>[]>;

/**
 * Loads a fixture into an empty database (a PGlite data folder or a PostgreSQL database) and runs
 * `inspect` on it before any of this release's code opens it. The dump sets the session's search
 * path to nothing, so `inspect` names schemas, and the session is closed after it: the service
 * opens the database afresh, as after a restore.
 */
export async function loadUpgradeFixture<T>(
  fixture: UpgradeFixture,
  target: { dataDir: string } | { url: string },
  inspect: (query: FixtureQuery) => Promise<T>,
): Promise<T> {
  if ('dataDir' in target) {
    const client = await PGlite.create(target.dataDir, { extensions: { pg_trgm } });
    try {
      await client.exec(fixture.sql());
      return await inspect(async (sql) => (await client.query<Record<string, unknown>>(sql)).rows);
    } finally {
      await client.close();
    }
  }
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    await client.query(fixture.sql());
    return await inspect(async (sql) => (await client.query<Record<string, unknown>>(sql)).rows);
  } finally {
    await client.end();
  }
}
