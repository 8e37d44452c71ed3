// `npm run fleet`: several instances of the service on one PostgreSQL behind HAProxy, as a fleet
// runs in production, on this machine. Ctrl+C drains every instance (SIGTERM), then stops HAProxy.
//   DATABASE_URL=postgres://… npm run fleet [-- --instances 3 --port 8080]
// With --ha (as root), the database is a highly available one started here instead of DATABASE_URL:
// etcd, two PostgreSQL nodes under Patroni and HAProxy to the primary (scripts/ha-database.ts).
// The tests and the fleet benchmark start one with `startFleet`.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DEMO_USERS } from '../src/server/demo/seed';
import { haDatabaseMissing, startHaDatabase, type HaDatabase } from './ha-database';
import { HAPROXY, startHaproxy, type Balancer } from './haproxy';

/**
 * HAProxy connects to the instances from this loopback address, and the instances trust
 * `X-Forwarded-For` only from it (TRUST_PROXY). A client on this machine connects from 127.0.0.1,
 * so it is not a trusted proxy and what it writes in `X-Forwarded-For` is never taken as its address.
 */
export const BALANCER_SOURCE = '127.0.0.2';
const ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface Instance {
  id: string;
  child: ChildProcess;
  /** The instance's own URL, once it is ready (rejects if it exits first). */
  ready: Promise<string>;
  exited: Promise<number | null>;
  /** SIGTERM (the service drains, then exits) unless it has exited already; resolves once it has. */
  stop(): Promise<number | null>;
  output(): string;
}

/**
 * One service process, started as `npm start` starts it (with the same V8 flag): this checkout's
 * sources, or `main`, a built service: a bundle of them (bundleForTests in build-server.mjs) or
 * another release's (scripts/release-checkout.ts).
 */
export function startInstance(options: { cwd: string; env: Record<string, string>; id?: string; onLine?: (line: string) => void; main?: string }): Instance {
  let output = '';
  let pending = '';
  const service = options.main ? ['--enable-source-maps', options.main] : ['--import', import.meta.resolve('tsx'), join(ROOT, 'src/server/main.ts')];
  const child = spawn(process.execPath, ['--max-semi-space-size=64', ...service], {
    cwd: options.cwd,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group: Ctrl+C on `npm run fleet` reaches the script, which drains the
    // instances before it stops the balancer, rather than every process at once.
    detached: true,
  });
  const ready = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      output += text;
      // The banner's API line names the address the instance is bound to (its first line names
      // PUBLIC_ORIGIN, the console's address for browsers).
      const url = /^\s+API\s+(http:\/\/\S+)\/v1$/m.exec(output)?.[1];
      if (url) resolve(url);
      if (options.onLine) {
        const lines = (pending + text).split('\n');
        pending = lines.pop()!;
        lines.filter(Boolean).forEach(options.onLine);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code, signal) => reject(new Error(`instance ${options.id ?? child.pid} exited with ${code ?? signal} before it was ready:\n${output}`)));
  });
  ready.catch(() => undefined);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const stop = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    return exited;
  };
  return { id: options.id ?? String(child.pid), child, ready, exited, stop, output: () => output };
}

/** A port nobody listens on now (HAProxy cannot report the port it was given 0 for). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** The balancer's configuration: health checks on /readyz, round robin, the client's address forwarded. */
export function haproxyConfig(port: number, instances: { id: string; port: number }[]): string {
  return `global
  maxconn 4096
  log stderr format short local0 info

defaults
  mode http
  # Only abnormal requests are logged (errors, aborted connections, retries), to standard error.
  log global
  option httplog
  option dontlog-normal
  option forwardfor
  # A request that could not connect (an instance that just died) goes to another instance.
  option redispatch
  retries 2
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout check 2s

frontend fleet
  bind 127.0.0.1:${port}
  default_backend instances

backend instances
  balance roundrobin
  option httpchk GET /readyz
  http-check expect status 200
  source ${BALANCER_SOURCE}
  default-server check inter 1s fall 2 rise 2
${instances.map((i) => `  server ${i.id} 127.0.0.1:${i.port}`).join('\n')}
`;
}

export interface FleetInstance {
  id: string;
  pid: number;
  port: number;
  url: string;
  /** Its Prometheus metrics, when the fleet's settings give METRICS_PORT (0: a free port each). */
  metricsUrl: string | undefined;
  kill(signal: NodeJS.Signals): void;
  exited: Promise<number | null>;
  output(): string;
}

export interface Fleet {
  /** The balancer's URL. */
  url: string;
  instances: FleetInstance[];
  haproxyConfig: string;
  /** Where the configuration is written (removed by stop). */
  haproxyConfigFile: string;
  /** What HAProxy printed: warnings, and requests that went wrong (option dontlog-normal). */
  haproxyOutput(): string;
  demoPassword: string;
  /** The folder the instances run in (the demo API user's key is in its `data/`). */
  dir: string;
  /** Drains every instance still running (SIGTERM, in parallel), then stops HAProxy. */
  stop(): Promise<void>;
}

export interface FleetOptions {
  databaseUrl: string;
  instances?: number;
  /** The balancer's port (0 or absent: a free one). */
  port?: number;
  /** More settings for every instance (DRAIN_DELAY_MS, rate limits, WEBHOOK_ALLOW_LOCAL…). */
  env?: Record<string, string>;
  /** The instances' working folder; a fresh temporary one (removed by stop) when absent. */
  cwd?: string;
  /** Each line an instance (by id) or HAProxy (`haproxy`) prints. */
  onLine?: (source: string, line: string) => void;
  /** The service to run: a bundle of this checkout's (bundleForTests, as the fleet suite runs it); its sources through tsx otherwise. */
  main?: string;
}

function haproxyWaitsFor(port: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  return (async () => {
    for (;;) {
      // Ready once at least one instance passed its health checks (`rise 2`).
      const answer = await fetch(`http://127.0.0.1:${port}/readyz`).catch(() => undefined);
      if (answer?.status === 200) return;
      if (Date.now() > deadline) throw new Error(`HAProxy on port ${port} did not reach a ready instance within 10 s`);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
}

/**
 * HAProxy in front of `servers`, returned once one of them passes its health checks. The servers
 * are addresses, not processes: an instance stopped and another started on its port (a rolling
 * upgrade) is taken out and back in by the health checks alone.
 */
export async function startBalancer(
  servers: { id: string; port: number }[],
  options: { port?: number; onLine?: (line: string) => void } = {},
): Promise<Balancer> {
  const port = options.port || (await freePort());
  return startHaproxy(haproxyConfig(port, servers), { url: `http://127.0.0.1:${port}`, ready: () => haproxyWaitsFor(port), onLine: options.onLine });
}

export async function startFleet(options: FleetOptions): Promise<Fleet> {
  if (!existsSync(HAPROXY)) throw new Error(`HAProxy is not installed (${HAPROXY}): apt-get install -y haproxy`);
  const count = options.instances ?? 3;
  const dir = options.cwd ?? mkdtempSync(join(tmpdir(), 'ao-fleet-'));
  const demoPassword = options.env?.DEMO_PASSWORD ?? randomBytes(12).toString('base64url');
  const started = Array.from({ length: count }, (_, n) => {
    const id = `i${n + 1}`;
    return startInstance({
      cwd: dir,
      id,
      env: { DATABASE_URL: options.databaseUrl, TRUST_PROXY: BALANCER_SOURCE, INSTANCE_ID: id, DEMO_PASSWORD: demoPassword, ...options.env },
      onLine: options.onLine && ((line) => options.onLine!(id, line)),
      main: options.main,
    });
  });
  const killAll = () => started.forEach((s) => s.child.exitCode === null && s.child.kill('SIGKILL'));
  let urls: string[];
  try {
    urls = await Promise.all(started.map((s) => s.ready));
  } catch (error) {
    killAll();
    throw error;
  }
  const instances: FleetInstance[] = started.map((s, n) => ({
    id: s.id,
    pid: s.child.pid!,
    port: Number(new URL(urls[n]!).port),
    url: urls[n]!,
    metricsUrl: /Metrics\s+(http:\/\/\S+\/metrics)/.exec(s.output())?.[1],
    kill: (signal) => void s.child.kill(signal),
    exited: s.exited,
    output: s.output,
  }));
  let balancer: Balancer;
  try {
    balancer = await startBalancer(instances, { port: options.port, onLine: options.onLine && ((line) => options.onLine!('haproxy', line)) });
  } catch (error) {
    killAll();
    throw error;
  }
  // The instances run in process groups of their own (see startInstance): if this process ends
  // without stop() (an error, a failed test run), they must not outlive it.
  process.once('exit', killAll);
  let stopping: Promise<void> | undefined;
  return {
    url: balancer.url,
    instances,
    haproxyConfig: balancer.config,
    haproxyConfigFile: balancer.configFile,
    haproxyOutput: balancer.output,
    demoPassword,
    dir,
    stop: () =>
      (stopping ??= (async () => {
        await Promise.all(started.map((s) => s.stop()));
        await balancer.stop();
        process.off('exit', killAll);
        if (!options.cwd) rmSync(dir, { recursive: true, force: true });
      })()),
  };
}

async function main() {
  const { values } = parseArgs({
    options: { instances: { type: 'string', default: '3' }, port: { type: 'string', default: '8080' }, ha: { type: 'boolean', default: false } },
  });
  if (values.ha) {
    const missing = haDatabaseMissing();
    if (missing) {
      console.error(`npm run fleet -- --ha cannot start a highly available database here: ${missing}`);
      process.exit(2);
    }
  } else if (!process.env.DATABASE_URL) {
    console.error(
      'npm run fleet needs DATABASE_URL: the instances share one PostgreSQL (PGlite is one process’s). For example:\n  DATABASE_URL=postgres://postgres@127.0.0.1:5432/assetops npm run fleet\nor, as root, a highly available PostgreSQL started here: npm run fleet -- --ha',
    );
    process.exit(2);
  }
  if (!existsSync(HAPROXY)) {
    console.error(`npm run fleet needs HAProxy at ${HAPROXY}. On Debian or Ubuntu: sudo apt-get install -y haproxy`);
    process.exit(2);
  }
  const instances = Number(values.instances);
  const port = Number(values.port);
  if (!Number.isInteger(instances) || instances < 1 || instances > 32) throw new Error('--instances must be a whole number from 1 to 32');
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error('--port must be a port number');
  // The console is served by every instance: build it first if its sources changed, as npm start does.
  const build = spawnSync(process.execPath, [join(ROOT, 'scripts/build-console.mjs')], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);

  let ha: HaDatabase | undefined;
  // Ctrl+C while it starts: exiting runs the 'exit' handlers, which kill what was started so far.
  const exitNow = () => process.exit(130);
  process.on('SIGINT', exitNow);
  process.on('SIGTERM', exitNow);
  if (values.ha) {
    console.log('Starting etcd (one member), two PostgreSQL nodes under Patroni (synchronous replication) and HAProxy to the primary…');
    ha = await startHaDatabase({
      // What an operator looks for: errors, and the cluster changing hands. (Patroni warns of every
      // health check HAProxy closes; those are left out.)
      onLine: (source, line) => /ERROR|FATAL|PANIC|promoted|failover|switchover|DOWN|UP/.test(line) && console.log(`[${source}] ${line}`),
    });
  }
  const databaseUrl = ha?.url ?? process.env.DATABASE_URL!;
  console.log(`Starting ${instances} instances on ${new URL(databaseUrl).host}, then HAProxy on port ${port}…`);
  const fleet = await startFleet({
    databaseUrl,
    instances,
    port,
    cwd: ROOT,
    env: { DEMO_PASSWORD: process.env.DEMO_PASSWORD ?? randomBytes(12).toString('base64url') },
    onLine: (id, line) => {
      // Each instance's own banner is replaced by the fleet's below.
      if (!/^\s|^Asset Ops .*is ready|^$/.test(line)) console.log(`[${id}] ${line}`);
    },
  });
  console.log(
    [
      '',
      `Asset Ops fleet is ready at ${fleet.url}/ (${instances} instance${instances > 1 ? 's' : ''} behind HAProxy, PostgreSQL)`,
      ...fleet.instances.map((i) => `  ${i.id}  ${i.url}  pid ${i.pid}  (/readyz, /livez)`),
      `  Console        ${fleet.url}/`,
      `  API            ${fleet.url}/v1`,
      `  API reference  ${fleet.url}/docs`,
      `  HAProxy config ${fleet.haproxyConfigFile}`,
      ...(ha
        ? [
            `  Database       ${ha.url} (HAProxy to the primary of ${ha.nodes.join(', ')}, in ${ha.dir})`,
            `  Switch over    sudo -u postgres patronictl -c ${ha.dir}/${ha.nodes[0]}/patroni.yml switchover --force`,
            `  Cluster        sudo -u postgres patronictl -c ${ha.dir}/${ha.nodes[0]}/patroni.yml list`,
          ]
        : []),
      '',
      `  Demo workspace: sign in as admin@demo.test (ADMIN) with the password below.`,
      `  Other demo users, same password: ${DEMO_USERS.filter((u) => u.email !== 'admin@demo.test')
        .map((u) => `${u.email.split('@')[0]} (${u.role})`)
        .join(', ')} — all @demo.test`,
      `  Demo password: ${fleet.demoPassword}${process.env.DEMO_PASSWORD ? ' (from DEMO_PASSWORD)' : ' (random for this start; set DEMO_PASSWORD to choose it)'}`,
      '',
      `Ctrl+C drains every instance, then stops HAProxy${ha ? ', then the database (Patroni, PostgreSQL, etcd)' : ''}.`,
      '',
    ].join('\n'),
  );
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    console.log('Draining the instances (DRAIN_DELAY_MS), then stopping HAProxy…');
    (async () => {
      await fleet.stop();
      await ha?.stop();
    })().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.off('SIGINT', exitNow);
  process.off('SIGTERM', exitNow);
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
