// Benchmark of a fleet: 1, 2 and 3 instances behind HAProxy on one PostgreSQL, driven by autocannon
// with the same read (GET /v1/assets?pageSize=100) and the same idempotent write (POST
// /v1/transactions, a fresh Idempotency-Key each). Prints requests/s, p50 and p99 per instance
// count, and the database's share of the time: PostgreSQL's own count of the time its backends
// spent executing statements in the database (pg_stat_database.active_time, PostgreSQL 14+), over
// the run, divided by the time the requests took (requests × mean latency); and, from samples of
// pg_stat_activity every 100 ms, the share of the busy backends that were waiting on a lock (a row
// lock of a hot row, such as one caller's rate-limit window or, before the audit sequencer, one
// workspace's audit chain head). For the write, also the audit sequencer's delay, p50 and p99: each
// event's wait between its write and its place in the chain, from the instances'
// asset_ops_audit_sequencing_delay_seconds histogram (scraped before and after the run, subtracted,
// merged over the instances, interpolated within the buckets as PromQL's histogram_quantile does),
// and the peak of the events waiting to be sequenced (the count asset_ops_audit_pending_events
// reports, sampled with the backends); and the machine's 1-minute load average at the run's end.
// The runs start once the demo's year of history is written, so they measure the load alone.
// Prints; does not judge.
//   DATABASE_URL=postgres://… npm run bench:fleet [-- --seconds 10 --connections 16 --instances 1,2,3]
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { startFleet, type Fleet } from '../scripts/fleet';
import { scratchDatabase } from '../src/server/test/scratch-database';
import { bucketsBetween, histogramQuantile, mergeBuckets, msOrDash, scrapeBuckets, type Buckets } from './prometheus';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '10' }, connections: { type: 'string', default: '16' }, instances: { type: 'string', default: '1,2,3' } },
});
const SECONDS = Number(values.seconds);
const CONNECTIONS = Number(values.connections);
const COUNTS = values.instances.split(',').map(Number);
const PASSWORD = 'bench-Fleet-password-1';
const SEQUENCING_DELAY = 'asset_ops_audit_sequencing_delay_seconds';

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
  /** The commonest lock wait of the run: its share of the waits, the lock's kind and the waiting statement's start. */
  topWait: string | undefined;
  /** Sequencing delay of the run's audit events, seconds (undefined: no event sequenced, or a service without the sequencer). */
  sequencingP50: number | undefined;
  sequencingP99: number | undefined;
  /** The most audit events seen waiting to be sequenced (undefined: a service without the pending table). */
  pendingPeak: number | undefined;
  /** The machine's 1-minute load average at the run's end: the benchmarks run on shared machines. */
  machineLoad: number;
}

/**
 * The events waiting to be sequenced, as asset_ops_audit_pending_events counts them; null for a
 * service from before the sequencer (no such table: the same benchmark measures both).
 */
let PENDING = 'select null::int as pending';

/** Samples the database's busy backends every 100 ms until stopped: how many, how many waited on a lock, and the peak of the pending audit events. */
function sampleActivity(databaseUrl: string) {
  const sampler = new pg.Client({ connectionString: databaseUrl });
  let active = 0;
  let locked = 0;
  let pendingPeak: number | undefined;
  // What the waiting backends waited for and ran (the lock's kind, the statement's start), for the commonest.
  const waits = new Map<string, number>();
  let running = true;
  const done = (async () => {
    await sampler.connect();
    while (running) {
      const { rows } = await sampler.query<{ active: number; locked: number; pending: number | null; waits: string[] | null }>(
        `select count(*)::int as active, count(*) filter (where wait_event_type = 'Lock')::int as locked, (${PENDING}) as pending,
             array_agg(wait_event || ': ' || left(regexp_replace(query, '\\s+', ' ', 'g'), 60)) filter (where wait_event_type = 'Lock') as waits
           from pg_stat_activity where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`,
      );
      active += rows[0]!.active;
      locked += rows[0]!.locked;
      if (rows[0]!.pending !== null) pendingPeak = Math.max(pendingPeak ?? 0, rows[0]!.pending);
      for (const wait of rows[0]!.waits ?? []) waits.set(wait, (waits.get(wait) ?? 0) + 1);
      await new Promise((r) => setTimeout(r, 100));
    }
    await sampler.end();
  })();
  return async () => {
    running = false;
    await done;
    const topWait = [...waits].sort((a, b) => b[1] - a[1])[0];
    return {
      lockShare: active ? locked / active : 0,
      pendingPeak,
      topWait: topWait && locked ? `${Math.round((100 * topWait[1]) / locked)}% ${topWait[0]}` : undefined,
    };
  };
}

/** Waits (up to 10 s) until no audit event waits to be sequenced, so a scrape counts every event written before it. */
async function sequencerCaughtUp(stats: pg.Client) {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const { rows } = await stats.query<{ pending: number | null }>(PENDING);
    if (!rows[0]!.pending) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Every instance's sequencing-delay buckets (empty for an instance without metrics or without the histogram). */
const scrapeDelays = (fleet: Fleet) => Promise.all(fleet.instances.map((i) => (i.metricsUrl ? scrapeBuckets(i.metricsUrl, SEQUENCING_DELAY) : new Map())));

async function drive(stats: pg.Client, fleet: Fleet, load: string, options: autocannon.Options): Promise<Omit<Row, 'instances'>> {
  await sequencerCaughtUp(stats);
  const delaysBefore = await scrapeDelays(fleet);
  const before = await activeMs(stats);
  const stopSampling = sampleActivity(databaseUrl);
  const result = await autocannon({ ...options, connections: CONNECTIONS, duration: SECONDS });
  const { lockShare, pendingPeak, topWait } = await stopSampling();
  const after = await activeMs(stats);
  // The run's last events are sequenced within about a second of their writes; the engine's rounds
  // on the run's transfers add a few more, which belong to the same load.
  await sequencerCaughtUp(stats);
  const delays: Buckets = mergeBuckets((await scrapeDelays(fleet)).map((buckets, n) => bucketsBetween(delaysBefore[n]!, buckets)));
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
    topWait,
    sequencingP50: histogramQuantile(0.5, delays),
    sequencingP99: histogramQuantile(0.99, delays),
    pendingPeak,
    machineLoad: loadavg()[0]!,
  };
}

/** Waits (up to 5 minutes) until the demo's year of audit history is written: the instances write it after they start, and it would share the runs. */
async function demoHistoryWritten(stats: pg.Client) {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    const { rows } = await stats.query<{ left: number }>('select count(*)::int as left from demo_history_fills where written < total');
    if (rows[0]!.left === 0) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  console.log('the demo history is still being written after 5 minutes; the runs share the machine with it');
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
        // Prometheus metrics on a free port each (FleetInstance.metricsUrl): the sequencing delay.
        METRICS_PORT: '0',
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
      await demoHistoryWritten(stats);
      const { rows: pendingTable } = await stats.query<{ name: string | null }>("select to_regclass('audit_events_pending')::text as name");
      if (pendingTable[0]!.name) PENDING = 'select count(*)::int as pending from audit_events_pending';
      // A short warm-up, so the first run does not pay for the instances' cold caches.
      await autocannon({ url: `${fleet.url}/v1/assets?pageSize=100`, headers: auth, connections: CONNECTIONS, duration: 2 });
      const read = await drive(stats, fleet, 'read  GET /v1/assets?pageSize=100', { url: `${fleet.url}/v1/assets?pageSize=100`, headers: auth });
      const body = JSON.stringify({
        assetId: 'USDC',
        source: { type: 'VAULT_ACCOUNT', id: '0' },
        destination: { type: 'VAULT_ACCOUNT', id: '1' },
        amount: '0.000001',
      });
      const write = await drive(stats, fleet, 'write POST /v1/transactions', {
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
  `\n${SECONDS} s per run, ${CONNECTIONS} connections, HAProxy roundrobin, one PostgreSQL; DB share = pg_stat_database.active_time / (requests × mean latency); lock waits = share of busy backends waiting on a lock (pg_stat_activity, every 100 ms); seq p50/p99 = audit sequencing delay (asset_ops_audit_sequencing_delay_seconds, histogram_quantile over the run); pending peak = most events waiting to be sequenced (every 100 ms)\n`,
);
console.log(
  'instances  load                               req/s    p50 ms   p99 ms   non-2xx  DB ms/req  DB share  lock waits  seq p50 ms  seq p99 ms  pending peak  load avg',
);
for (const r of rows) {
  console.log(
    `${String(r.instances).padEnd(10)} ${r.load.padEnd(34)} ${String(r.rps).padStart(6)} ${String(r.p50).padStart(9)} ${String(r.p99).padStart(8)} ${String(r.errors).padStart(9)} ${r.dbMsPerRequest.toFixed(2).padStart(10)} ${`${Math.round(r.dbShare * 100)}%`.padStart(9)} ${`${Math.round(r.lockShare * 100)}%`.padStart(11)} ${msOrDash(r.sequencingP50).padStart(11)} ${msOrDash(r.sequencingP99).padStart(11)} ${String(r.pendingPeak ?? '–').padStart(13)} ${r.machineLoad.toFixed(1).padStart(8)}`,
  );
}
console.log('\ncommonest lock wait of each run (share of the lock waits, the lock, the statement waiting):');
for (const r of rows) if (r.topWait) console.log(`  ${r.instances} ${r.load.split(' ')[0]}: ${r.topWait}`);
