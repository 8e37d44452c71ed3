// Benchmark of the request path: starts the service as `npm start` does (bench/api-service.ts, a
// process of its own, on PGlite in a temporary data folder, or on a throwaway database of the
// PostgreSQL server DATABASE_URL names), signs in as the demo owner, and drives it with autocannon
// at 10 and 50 connections. Prints requests per second, p50, p99 and non-2xx answers per scenario,
// each one's share of a bare Hono route served by the same process (the ceiling), and the service
// process's CPU time per answered request (which neither other processes nor a virtual machine's
// stolen time inflate, so it compares runs on a busy machine). For the write (POST
// /v1/transactions), also the audit sequencer's delay, p50 and p99: each event's wait between its
// write and its place in the chain, from the service's asset_ops_audit_sequencing_delay_seconds
// histogram (metrics on, METRICS_PORT=0: scraped before and after the run, subtracted, interpolated
// within the buckets as PromQL's histogram_quantile does). Prints figures; it does not judge.
//   npm run bench:api [-- --seconds 5 --only session,assets --cpu-prof]
// --cpu-prof writes a CPU profile of the service per scenario (its 10-connection run) into ./profiles.
import { fork } from 'node:child_process';
import { randomUUID, sign } from 'node:crypto';
import { mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { openTestDatabase } from '../src/server/test/harness';
import { bucketsBetween, histogramQuantile, msOrDash, scrapeBuckets, scrapeGauge } from './prometheus';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10,50' },
    only: { type: 'string' },
    'cpu-prof': { type: 'boolean', default: false },
  },
});
const SECONDS = Number(values.seconds);
const CONNECTIONS = values.connections.split(',').map(Number);
// The default limits (1,200 reads and 600 writes a minute per caller) would answer most of the
// load 429: the benchmark raises them through the settings, as an operator would.
const RATE_LIMITS = {
  RATE_LIMIT_QUERY: '1000000000',
  RATE_LIMIT_WRITE: '1000000000',
  RATE_LIMIT_EXTERNAL_QUERY: '1000000000',
  RATE_LIMIT_HIGH_COMPUTE: '1000000000',
};
const SEQUENCING_DELAY = 'asset_ops_audit_sequencing_delay_seconds';

interface Started {
  url: string;
  bareUrl: string;
  password: string;
  apiUser: { id: string; privateKeyFile: string };
  /** The service's Prometheus metrics (METRICS_PORT=0: a free port). */
  metricsUrl: string | undefined;
}

const b64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');
const EMPTY_BODY_HASH = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

/** An API user's request signature, made as the SDKs make it: one RS256 JWT per request. */
function apiUserJwt(apiUser: { id: string; privateKey: string }, pathAndQuery: string): string {
  const iat = Math.floor(Date.now() / 1000);
  const header = b64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const payload = b64url(JSON.stringify({ uri: pathAndQuery, nonce: randomUUID(), iat, exp: iat + 55, sub: apiUser.id, bodyHash: EMPTY_BODY_HASH }));
  const signature = sign('RSA-SHA256', Buffer.from(`${header}.${payload}`), apiUser.privateKey).toString('base64url');
  return `${header}.${payload}.${signature}`;
}

interface Scenario {
  name: string;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Headers made afresh for each request. */
  perRequest?: () => Record<string, string>;
  /** It writes audit events: print their sequencing delay. */
  audited?: boolean;
}

interface Figure {
  name: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  /** The service process's CPU time (user and system, ms) per answered request during the run: steal and other processes' load do not count in it. */
  cpuMs: number;
  /** Sequencing delay of the run's audit events, seconds (audited scenarios; undefined when none was sequenced or the service has no such histogram). */
  sequencingP50?: number;
  sequencingP99?: number;
  /** The machine's 1-minute load average at the run's end. */
  load: number;
}

/** Waits (up to 10 s) until the service's gauge says no audit event waits to be sequenced, so a scrape counts every event written before it. */
async function sequencerCaughtUp(metricsUrl: string) {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline && ((await scrapeGauge(metricsUrl, 'asset_ops_audit_pending_events')) ?? 0) > 0) await new Promise((r) => setTimeout(r, 200));
}

async function drive(scenario: Scenario, connections: number, seconds: number, serviceCpu: () => Promise<number>, metricsUrl?: string): Promise<Figure> {
  const delays = scenario.audited && metricsUrl;
  if (delays) await sequencerCaughtUp(metricsUrl);
  const delaysBefore = delays ? await scrapeBuckets(metricsUrl, SEQUENCING_DELAY) : undefined;
  const cpuBefore = await serviceCpu();
  const result = await autocannon({
    url: scenario.url,
    connections,
    duration: seconds,
    method: scenario.method ?? 'GET',
    headers: scenario.headers ?? {},
    ...(scenario.body !== undefined ? { body: scenario.body } : {}),
    ...(scenario.perRequest
      ? { requests: [{ setupRequest: (req: autocannon.Request) => ({ ...req, headers: { ...req.headers, ...scenario.perRequest!() } }) }] }
      : {}),
  });
  const cpuMs = (await serviceCpu()) - cpuBefore;
  let sequenced;
  if (delays) {
    await sequencerCaughtUp(metricsUrl);
    sequenced = bucketsBetween(delaysBefore!, await scrapeBuckets(metricsUrl, SEQUENCING_DELAY));
  }
  return {
    name: scenario.name,
    connections,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    cpuMs: cpuMs / Math.max(1, result.requests.total),
    load: loadavg()[0]!,
    ...(sequenced ? { sequencingP50: histogramQuantile(0.5, sequenced), sequencingP99: histogramQuantile(0.99, sequenced) } : {}),
  };
}

async function run(label: string, target: { url: string } | { dataDir: string }) {
  const dir = mkdtempSync(join(tmpdir(), 'asset-ops-bench-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...RATE_LIMITS,
    PORT: '0',
    HOST: '127.0.0.1',
    DEMO_PASSWORD: 'bench-demo-password',
    // Prometheus metrics on a free port: the audit sequencing delay of the write.
    METRICS_PORT: '0',
    ...('url' in target ? { DATABASE_URL: target.url, BENCH_KEY_DIR: dir } : { DATA_DIR: target.dataDir, DATABASE_URL: '' }),
  };
  // The request logs go to a file, as they would to a terminal or a collector, not through this process.
  const log = openSync(join(dir, 'service.log'), 'w');
  const execArgv = ['--max-semi-space-size=64', '--import', 'tsx'];
  const child = fork(new URL('./api-service.ts', import.meta.url).pathname, [], { env, execArgv, stdio: ['ignore', log, 'inherit', 'ipc'] });
  const t = performance.now();
  const started = await new Promise<Started>((resolve, reject) => {
    child.once('message', (m) => resolve(m as Started));
    child.once('exit', (code) => reject(new Error(`the service exited (${code}) before it was ready; see ${join(dir, 'service.log')}`)));
  });
  console.log(
    `${label}: service ready in ${((performance.now() - t) / 1000).toFixed(1)} s (demo seed and its year of history included); rate limits raised to ${RATE_LIMITS.RATE_LIMIT_QUERY} a minute per category (RATE_LIMIT_* settings)`,
  );

  const signIn = async (email: string) => {
    const res = await fetch(`${started.url}/v1/auth/sign_in`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: started.password }),
    });
    if (res.status !== 200) throw new Error(`sign-in of ${email} failed: ${res.status} ${await res.text()}`);
    return { Authorization: `Bearer ${((await res.json()) as { accessToken: string }).accessToken}` };
  };
  const session = await signIn('owner@demo.test');
  // The owner may not read the audit log (the spec's list of readers); an admin may.
  const adminSession = await signIn('admin@demo.test');
  const blockchains = (await (await fetch(`${started.url}/v1/blockchains?pageSize=1`, { headers: session })).json()) as { data: { id: string }[] };
  const blockchainPath = `/v1/blockchains/${blockchains.data[0]!.id}`;
  const apiUser = { id: started.apiUser.id, privateKey: readFileSync(started.apiUser.privateKeyFile, 'utf8') };
  const transfer = JSON.stringify({
    assetId: 'USDC',
    source: { type: 'VAULT_ACCOUNT', id: '0' },
    destination: { type: 'VAULT_ACCOUNT', id: '1' },
    amount: '0.01',
    note: 'bench',
  });

  const scenarios: Scenario[] = [
    { name: 'bare Hono route (ceiling)', url: started.bareUrl },
    { name: 'GET /v1/auth/session', url: `${started.url}/v1/auth/session`, headers: session },
    { name: 'GET /v1/blockchains/{id}', url: `${started.url}${blockchainPath}`, headers: session },
    {
      name: 'GET /v1/blockchains/{id} (API user, JWT each)',
      url: `${started.url}${blockchainPath}`,
      headers: { 'X-API-Key': apiUser.id },
      perRequest: () => ({ Authorization: `Bearer ${apiUserJwt(apiUser, blockchainPath)}` }),
    },
    { name: 'GET /v1/assets?pageSize=100', url: `${started.url}/v1/assets?pageSize=100`, headers: session },
    { name: 'GET /v1/management/audit_logs?pageSize=200 (admin)', url: `${started.url}/v1/management/audit_logs?pageSize=200`, headers: adminSession },
    // Last: every transfer it submits is then worked through its statuses by the transaction engine.
    {
      name: 'POST /v1/transactions (Idempotency-Key each)',
      url: `${started.url}/v1/transactions`,
      method: 'POST',
      headers: { ...session, 'Content-Type': 'application/json' },
      body: transfer,
      perRequest: () => ({ 'Idempotency-Key': randomUUID() }),
      audited: true,
    },
  ];
  const only = values.only?.split(',');
  const chosen = scenarios.filter((s, i) => i === 0 || !only || only.some((word) => s.name.toLowerCase().includes(word.toLowerCase())));

  const profileDir = join(process.cwd(), 'profiles');
  if (values['cpu-prof']) mkdirSync(profileDir, { recursive: true });
  const ask = <T>(message: object) =>
    new Promise<T>((resolve) => {
      child.once('message', (answer) => resolve(answer as T));
      child.send(message);
    });
  const serviceCpu = async () => (await ask<{ cpuMs: number }>({ cpu: true })).cpuMs;
  const figures: Figure[] = [];
  for (const [i, scenario] of chosen.entries()) {
    await drive(scenario, 10, 1, serviceCpu); // warm-up: compiled code, caches, connections
    for (const connections of CONNECTIONS) {
      const profiled = values['cpu-prof'] && connections === CONNECTIONS[0];
      if (profiled) await ask({ profile: 'start' });
      figures.push(await drive(scenario, connections, SECONDS, serviceCpu, started.metricsUrl));
      if (profiled) await ask({ profile: 'stop', file: join(profileDir, `${label}-${i}-${scenario.name.replace(/[^A-Za-z0-9]+/g, '_')}.cpuprofile`) });
    }
  }
  const ceiling = (connections: number) => figures.find((f) => f.connections === connections)!.rps;
  console.log(`${label}: ${SECONDS} s per figure, owner's console session unless noted`);
  console.table(
    figures.map((f) => ({
      scenario: f.name,
      conns: f.connections,
      'req/s': Math.round(f.rps),
      'p50 ms': f.p50,
      'p99 ms': f.p99,
      'non-2xx': f.non2xx + f.errors,
      'CPU ms/req': f.cpuMs.toFixed(2),
      'of bare': `${((100 * f.rps) / ceiling(f.connections)).toFixed(1)}%`,
      'seq p50 ms': msOrDash(f.sequencingP50),
      'seq p99 ms': msOrDash(f.sequencingP99),
      load: f.load.toFixed(1),
    })),
  );
  child.disconnect();
  await new Promise((resolve) => child.once('exit', resolve));
  rmSync(dir, { recursive: true, force: true });
}

const pgliteDir = mkdtempSync(join(tmpdir(), 'asset-ops-bench-data-'));
await run('PGlite', { dataDir: pgliteDir });
rmSync(pgliteDir, { recursive: true, force: true });
if (process.env.DATABASE_URL) {
  const database = await openTestDatabase();
  try {
    await run('PostgreSQL', { url: database.url! });
  } finally {
    await database.close();
  }
} else console.log('PostgreSQL: skipped (set DATABASE_URL to a server where a throwaway database may be created)');
