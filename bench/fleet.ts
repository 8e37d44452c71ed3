// Benchmark of a fleet: 1, 2 and 3 instances behind HAProxy on one PostgreSQL, driven by autocannon
// with the same read (GET /v1/assets?pageSize=100) and the same idempotent write (POST
// /v1/transactions, a fresh Idempotency-Key each). Prints requests/s, p50 and p99 per instance
// count, and the database's share of the time: PostgreSQL's own count of the time its backends
// spent executing statements in the database (pg_stat_database.active_time, PostgreSQL 14+), over
// the run, divided by the time the requests took (requests × mean latency); and, from samples of
// pg_stat_activity every 100 ms, the share of the busy backends that were waiting on a lock (a row
// lock of a hot row, such as one caller's rate-limit window or one workspace's audit chain head).
// Prints; does not judge.
//   DATABASE_URL=postgres://… npm run bench:fleet [-- --seconds 10 --connections 16]
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { startFleet } from '../scripts/fleet';
import { scratchDatabase } from '../src/server/test/scratch-database';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '10' }, connections: { type: 'string', default: '16' }, instances: { type: 'string', default: '1,2,3' } },
});
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
const COUNTS = values.instances.split(',').map(Number);
const PASSWORD = 'bench-Fleet-password-1';

const server = process.env.DATABASE_URL;
if (!server) {
  console.error('npm run bench:fleet needs DATABASE_URL (a PostgreSQL server it may create a database on)');
  process.exit(2);
}
const database = scratchDatabase(server, 'ao_bench_fleet_');
const databaseUrl = database.url;

/** Milliseconds the database's backends spent executing statements, as PostgreSQL counts them. */
async function activeMs(stats: pg.Client): Promise<number> {
  // Statistics are flushed at most once a second by each backend: read them once they are.
  await new Promise((r) => setTimeout(r, 1500));
  await stats.query('select pg_stat_clear_snapshot()');
  const { rows } = await stats.query<{ ms: number }>('select active_time as ms from pg_stat_database where datname = current_database()');
  return Number(rows[0]!.ms);
}

interface Row {
  instances: number;
  load: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  dbMsPerRequest: number;
  dbShare: number;
  lockShare: number;
}

/** Samples the database's busy backends every 100 ms until stopped: how many, and how many waited on a lock. */
function sampleActivity(databaseUrl: string) {
  const sampler = new pg.Client({ connectionString: databaseUrl });
  let active = 0;
  let locked = 0;
  let running = true;
  const done = (async () => {
    await sampler.connect();
    while (running) {
      const { rows } = await sampler.query<{ active: number; locked: number }>(
        `select count(*)::int as active, count(*) filter (where wait_event_type = 'Lock')::int as locked
           from pg_stat_activity where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`,
      );
      active += rows[0]!.active;
      locked += rows[0]!.locked;
      await new Promise((r) => setTimeout(r, 100));
    }
    await sampler.end();
  })();
  return async () => {
    running = false;
    await done;
    return active ? locked / active : 0;
  };
}

async function drive(stats: pg.Client, load: string, options: autocannon.Options): Promise<Omit<Row, 'instances'>> {
  const before = await activeMs(stats);
  const stopSampling = sampleActivity(databaseUrl);
  const result = await autocannon({ ...options, connections: CONNECTIONS, duration: SECONDS });
  const lockShare = await stopSampling();
  const after = await activeMs(stats);
  const requests = result.requests.total;
  const requestMs = requests * result.latency.average;
  return {
    load,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.non2xx + result.errors + result.timeouts,
    dbMsPerRequest: requests ? (after - before) / requests : 0,
    dbShare: requestMs ? (after - before) / requestMs : 0,
    lockShare,
  };
}

const rows: Row[] = [];
await database.create();
const stats = new pg.Client({ connectionString: databaseUrl });
await stats.connect();
try {
  for (const count of COUNTS) {
    const fleet = await startFleet({
      databaseUrl,
      instances: count,
      env: {
        DEMO: 'true',
        DEMO_PASSWORD: PASSWORD,
        LOG_LEVEL: 'warn',
        RATE_LIMIT_WRITE: '1000000',
        RATE_LIMIT_QUERY: '1000000',
        RATE_LIMIT_EXTERNAL_QUERY: '1000000',
      },
    });
    try {
      const signIn = await fetch(`${fleet.url}/v1/auth/sign_in`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email: 'admin@demo.test', password: PASSWORD }),
      });
      const { accessToken } = (await signIn.json()) as { accessToken: string };
      const auth = { Authorization: `Bearer ${accessToken}` };
      // A short warm-up, so the first run does not pay for the instances' cold caches.
      await autocannon({ url: `${fleet.url}/v1/assets?pageSize=100`, headers: auth, connections: CONNECTIONS, duration: 2 });
      const read = await drive(stats, 'read  GET /v1/assets?pageSize=100', { url: `${fleet.url}/v1/assets?pageSize=100`, headers: auth });
      const body = JSON.stringify({
        assetId: 'USDC',
        source: { type: 'VAULT_ACCOUNT', id: '0' },
        destination: { type: 'VAULT_ACCOUNT', id: '1' },
        amount: '0.000001',
      });
      const write = await drive(stats, 'write POST /v1/transactions', {
        url: fleet.url,
        requests: [
          {
            method: 'POST',
            path: '/v1/transactions',
            headers: { ...auth, 'Content-Type': 'application/json' },
            body,
            setupRequest: (request) => ({ ...request, headers: { ...request.headers, 'Idempotency-Key': randomUUID() } }),
          },
        ],
      });
      rows.push({ instances: count, ...read }, { instances: count, ...write });
      console.log(`${count} instance${count > 1 ? 's' : ''}: done`);
    } finally {
      await fleet.stop();
    }
  }
} finally {
  await stats.end().catch(() => undefined);
  await database.drop();
}

console.log(
  `\n${SECONDS} s per run, ${CONNECTIONS} connections, HAProxy roundrobin, one PostgreSQL; DB share = pg_stat_database.active_time / (requests × mean latency); lock waits = share of busy backends waiting on a lock (pg_stat_activity, every 100 ms)\n`,
);
console.log('instances  load                               req/s    p50 ms   p99 ms   non-2xx  DB ms/req  DB share  lock waits');
for (const r of rows) {
  console.log(
    `${String(r.instances).padEnd(10)} ${r.load.padEnd(34)} ${String(r.rps).padStart(6)} ${String(r.p50).padStart(9)} ${String(r.p99).padStart(8)} ${String(r.errors).padStart(9)} ${r.dbMsPerRequest.toFixed(2).padStart(10)} ${`${Math.round(r.dbShare * 100)}%`.padStart(9)} ${`${Math.round(r.lockShare * 100)}%`.padStart(11)}`,
  );
}
