// A highly available PostgreSQL on this machine, as `npm run fleet -- --ha` and the failover test
// (fleet/failover.test.ts) run it: one etcd member (the cluster's consensus store; one is enough on
// one machine, three on three machines in production), two PostgreSQL nodes under Patroni with
// synchronous replication, and HAProxy sending every connection to the current primary, found by
// Patroni's REST health check. The service's DATABASE_URL is HAProxy's address.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HAPROXY, startHaproxy, type Balancer } from './haproxy';

const PATRONI = '/usr/bin/patroni';
const PATRONICTL = '/usr/bin/patronictl';
const ETCD = '/usr/bin/etcd';
const SCOPE = 'assetops';

/** The newest PostgreSQL installed (Debian's layout). */
export function postgresBin(): string | undefined {
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql').sort((a, b) => Number(a) - Number(b)) : [];
  return versions.length === 0 ? undefined : `/usr/lib/postgresql/${versions.at(-1)}/bin`;
}

/** Why a highly available database cannot be started here, or undefined when it can. */
export function haDatabaseMissing(): string | undefined {
  const missing = [PATRONI, PATRONICTL, ETCD, HAPROXY].filter((file) => !existsSync(file));
  if (!postgresBin()) missing.push('/usr/lib/postgresql/*/bin');
  if (missing.length > 0) return `not installed: ${missing.join(', ')} (Debian: apt-get install -y patroni etcd-server etcd-client haproxy postgresql)`;
  if (process.getuid?.() !== 0) return 'it must run as root: PostgreSQL and Patroni run as the postgres user, which only root can switch to';
  return undefined;
}

/**
 * A Patroni node's configuration. `bootstrap.dcs` is written to etcd by the first node and shared
 * by both: ttl 10 s is how long a primary that stopped renewing its leader key keeps it (the
 * failover's wait), synchronous_mode makes every commit wait for the standby, so a failover never
 * loses an acknowledged write, and pg_rewind lets an old primary rejoin as a replica.
 */
export function patroniConfig(node: { name: string; pgPort: number; restPort: number; dataDir: string; socketDir: string }, etcdPort: number, bin: string) {
  return `scope: ${SCOPE}
name: ${node.name}
restapi:
  listen: 127.0.0.1:${node.restPort}
  connect_address: 127.0.0.1:${node.restPort}
etcd3:
  hosts: 127.0.0.1:${etcdPort}
bootstrap:
  dcs:
    ttl: 10
    loop_wait: 2
    retry_timeout: 4
    maximum_lag_on_failover: 1048576
    synchronous_mode: true
    postgresql:
      use_pg_rewind: true
      use_slots: true
      parameters:
        synchronous_commit: 'on'
        wal_log_hints: 'on'
        max_connections: 100
        wal_keep_size: 128MB
  initdb:
    - encoding: UTF8
    - data-checksums
  pg_hba:
    - host all all 127.0.0.1/32 trust
    - host replication all 127.0.0.1/32 trust
postgresql:
  listen: 127.0.0.1:${node.pgPort}
  connect_address: 127.0.0.1:${node.pgPort}
  data_dir: ${node.dataDir}
  bin_dir: ${bin}
  authentication:
    superuser:
      username: postgres
    replication:
      username: replicator
  parameters:
    unix_socket_directories: ${node.socketDir}
`;
}

/**
 * The database's balancer: TCP, to the one node whose Patroni answers 200 on /primary. `on-marked-down
 * shutdown-sessions` cuts the connections to a node that stopped being the primary, so the service's
 * pool replaces them with connections to the new one instead of writing to a read-only replica.
 */
export function databaseHaproxyConfig(port: number, nodes: { name: string; pgPort: number; restPort: number }[]): string {
  return `global
  maxconn 1024
  log stderr format short local0 info

defaults
  mode tcp
  log global
  timeout connect 2s
  # The pool's idle connections and the LISTEN connection stay open for long: TCP keepalives (the
  # service sets them) rather than these timeouts find a dead one.
  timeout client 30m
  timeout server 30m
  timeout check 2s

frontend postgres
  bind 127.0.0.1:${port}
  default_backend primary

backend primary
  option httpchk GET /primary
  http-check expect status 200
  default-server inter 1s fall 2 rise 1 on-marked-down shutdown-sessions
${nodes.map((n) => `  server ${n.name} 127.0.0.1:${n.pgPort} check port ${n.restPort}`).join('\n')}
`;
}

interface Node {
  name: string;
  pgPort: number;
  restPort: number;
  dataDir: string;
  configFile: string;
  patroni?: ChildProcess;
}

export interface HaDatabase {
  /** HAProxy's address: the service's DATABASE_URL. */
  url: string;
  nodes: string[];
  /** Where etcd, the nodes' data and configuration live (removed by stop). */
  dir: string;
  haproxyConfig: string;
  patroniConfig(node: string): string;
  /** The node Patroni's leader key names (asked of a node's REST API). */
  primary(): Promise<string>;
  /** Resolves once one node is the primary and the other a streaming synchronous standby. */
  healthy(timeoutMs?: number): Promise<{ primary: string; standby: string }>;
  /** The node dies at once: SIGKILL to its Patroni and its postmaster (as a machine that loses power). */
  kill(node: string): void;
  /** Starts the node's Patroni again: it rejoins as a replica (pg_rewind) when another took over. */
  restart(node: string): void;
  /** A planned switchover to the standby (`patronictl switchover`); resolves once the new primary takes writes. */
  switchover(): Promise<{ from: string; to: string }>;
  /** Patroni's REST `GET /cluster` of a running node. */
  cluster(): Promise<{ members: { name: string; role: string; state: string; lag?: number | string; timeline?: number }[] }>;
  stop(): Promise<void>;
}

/**
 * `count` different ports nobody listens on now. They are all held open until every one is known:
 * asking for one free port after another can give the same port twice (the first is not bound yet
 * by the process it is meant for), and two of the cluster's servers would then fight over it.
 */
async function freePorts(count: number): Promise<number[]> {
  const servers: Server[] = [];
  try {
    for (let n = 0; n < count; n++) {
      const server = createServer();
      servers.push(server);
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(0, '127.0.0.1', resolve);
      });
    }
    return servers.map((server) => (server.address() as { port: number }).port);
  } finally {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

/** Starts etcd, two Patroni nodes and HAProxy; resolves once a primary and its synchronous standby run. */
export async function startHaDatabase(options: { port?: number; onLine?: (source: string, line: string) => void } = {}): Promise<HaDatabase> {
  const missing = haDatabaseMissing();
  if (missing) throw new Error(`A highly available database cannot start here: ${missing}`);
  const bin = postgresBin()!;
  const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
  const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
  if (!Number.isInteger(uid) || uid === 0) throw new Error('A highly available database needs the postgres user (the Debian package makes it)');
  const dir = mkdtempSync(join(tmpdir(), 'ao-ha-'));
  chownSync(dir, uid, gid);
  const asPostgres = { ...process.env, HOME: dir, USER: 'postgres', LOGNAME: 'postgres' };
  const children: ChildProcess[] = [];
  const outputs = new Map<string, string>();
  const track = (source: string, child: ChildProcess) => {
    children.push(child);
    const onData = (chunk: Buffer) => {
      outputs.set(source, ((outputs.get(source) ?? '') + chunk.toString()).slice(-20_000));
      chunk
        .toString()
        .split('\n')
        .filter(Boolean)
        .forEach((line) => options.onLine?.(source, line));
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
  };
  const nodes: Node[] = [];
  // Every process runs in a group of its own (detached), and each PostgreSQL in a session of its
  // own (Patroni starts it so): none may outlive this one.
  const killAll = () => {
    for (const child of children.filter((c) => c.exitCode === null && c.signalCode === null)) {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // its group has ended already
      }
    }
    nodes.forEach(killPostmaster);
  };
  process.once('exit', killAll);

  // etcd's two, each node's PostgreSQL and REST API, and the database's HAProxy.
  const ports = await freePorts(7);
  const [etcdClient, etcdPeer, haproxyPort] = [ports[0]!, ports[1]!, options.port || ports[2]!];
  const etcdDir = join(dir, 'etcd');
  mkdirSync(etcdDir, { mode: 0o700 });
  const etcdUrl = (port: number) => `http://127.0.0.1:${port}`;
  track(
    'etcd',
    spawn(
      ETCD,
      [
        ...['--name', 'e1', '--data-dir', etcdDir],
        ...['--listen-client-urls', etcdUrl(etcdClient), '--advertise-client-urls', etcdUrl(etcdClient)],
        ...['--listen-peer-urls', etcdUrl(etcdPeer), '--initial-advertise-peer-urls', etcdUrl(etcdPeer)],
        ...['--initial-cluster', `e1=${etcdUrl(etcdPeer)}`, '--log-level', 'warn'],
      ],
      { stdio: ['ignore', 'pipe', 'pipe'], detached: true },
    ),
  );

  for (const [n, name] of ['pg1', 'pg2'].entries()) {
    const nodeDir = join(dir, name);
    mkdirSync(nodeDir, { mode: 0o700 });
    chownSync(nodeDir, uid, gid);
    const node: Node = {
      name,
      pgPort: ports[3 + 2 * n]!,
      restPort: ports[4 + 2 * n]!,
      dataDir: join(nodeDir, 'data'),
      configFile: join(nodeDir, 'patroni.yml'),
    };
    writeFileSync(node.configFile, patroniConfig({ ...node, socketDir: nodeDir }, etcdClient, bin));
    chownSync(node.configFile, uid, gid);
    nodes.push(node);
  }
  const nodeNamed = (name: string) => {
    const node = nodes.find((n) => n.name === name);
    if (!node) throw new Error(`no node ${name}`);
    return node;
  };
  const startPatroni = (node: Node) => {
    // As the postgres user itself (not through runuser, which would stand between a signal and Patroni: it kills what it ran).
    node.patroni = spawn(PATRONI, [node.configFile], {
      cwd: dir,
      uid,
      gid,
      env: asPostgres,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    track(node.name, node.patroni);
  };
  const rest = async (node: Node, path: string) => fetch(`http://127.0.0.1:${node.restPort}${path}`, { signal: AbortSignal.timeout(2000) });

  const cluster = async () => {
    for (const node of nodes) {
      const answer = await rest(node, '/cluster').catch(() => undefined);
      if (answer?.ok) return (await answer.json()) as Awaited<ReturnType<HaDatabase['cluster']>>;
    }
    throw new Error('no Patroni node answers');
  };
  const healthy = (timeoutMs = 90_000) =>
    waitFor(
      'a primary and a streaming synchronous standby',
      async () => {
        const { members } = await cluster();
        const primary = members.find((m) => m.role === 'leader' && m.state === 'running');
        // Patroni 3.0 says 'running' of a replica that streams, later versions 'streaming'.
        const standby = members.find((m) => m.role === 'sync_standby' && ['running', 'streaming'].includes(m.state));
        return primary && standby ? { primary: primary.name, standby: standby.name } : undefined;
      },
      timeoutMs,
    );

  let haproxy: Balancer | undefined;
  try {
    await waitFor('etcd', async () => ((await fetch(`${etcdUrl(etcdClient)}/health`)).ok ? true : undefined), 20_000);
    // The first node initialises the cluster and becomes its primary; the second then copies it
    // (pg_basebackup). Started together, they race for the initialisation key, which one wins.
    startPatroni(nodes[0]!);
    await waitFor('the first node to be the primary', async () => ((await rest(nodes[0]!, '/primary')).status === 200 ? true : undefined), 60_000);
    startPatroni(nodes[1]!);
    await healthy();
    const port = haproxyPort;
    haproxy = await startHaproxy(databaseHaproxyConfig(port, nodes), {
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      // Ready once HAProxy passes connections to the primary.
      ready: async () => {
        await waitFor(
          'HAProxy to reach the primary',
          async () => {
            const probe = spawnSync(join(bin, 'pg_isready'), ['-h', '127.0.0.1', '-p', String(port), '-t', '2']);
            return probe.status === 0 ? true : undefined;
          },
          20_000,
        );
      },
      onLine: (line) => options.onLine?.('haproxy', line),
    });
  } catch (error) {
    killAll();
    process.off('exit', killAll);
    const printed = [...outputs].map(([source, text]) => `${source}:\n${text.slice(-3000)}`).join('\n');
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`${(error as Error).message}\n${printed}`);
  }
  const balancer = haproxy;

  const primary = async () => {
    const { members } = await cluster();
    const leader = members.find((m) => m.role === 'leader');
    if (!leader) throw new Error('the cluster has no leader now');
    return leader.name;
  };

  return {
    url: balancer.url,
    nodes: nodes.map((n) => n.name),
    dir,
    haproxyConfig: balancer.config,
    patroniConfig: (name) => readFileSync(nodeNamed(name).configFile, 'utf8'),
    primary,
    healthy,
    cluster,
    kill: (name) => {
      const node = nodeNamed(name);
      // Patroni first, so it cannot start the postmaster again; the postmaster runs in a session of
      // its own (Patroni starts it so), its pid is in its data folder.
      if (node.patroni?.exitCode === null) process.kill(-node.patroni.pid!, 'SIGKILL');
      killPostmaster(node);
    },
    restart: (name) => startPatroni(nodeNamed(name)),
    switchover: async () => {
      const { primary: from, standby: to } = await healthy();
      const done = spawnSync(PATRONICTL, ['-c', nodeNamed(from).configFile, 'switchover', '--leader', from, '--candidate', to, '--force', SCOPE], {
        encoding: 'utf8',
        uid,
        gid,
        env: asPostgres,
      });
      if (done.status !== 0) throw new Error(`patronictl switchover failed:\n${done.stdout}${done.stderr}`);
      await waitFor(`${to} to be the primary`, async () => ((await rest(nodeNamed(to), '/primary')).status === 200 ? true : undefined), 60_000);
      return { from, to };
    },
    stop: async () => {
      await balancer.stop();
      // Patroni stops its PostgreSQL (fast shutdown) on SIGTERM; etcd last, Patroni needs it to stop.
      const patronis = nodes.flatMap((n) => (n.patroni && n.patroni.exitCode === null && n.patroni.signalCode === null ? [n.patroni] : []));
      await Promise.all(
        patronis.map(
          (p) =>
            new Promise<void>((resolve) => {
              p.once('exit', () => resolve());
              p.kill('SIGTERM');
            }),
        ),
      );
      killAll();
      process.off('exit', killAll);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** SIGKILL to the node's postmaster, if one runs: its backends end with it. */
function killPostmaster(node: Node) {
  const file = join(node.dataDir, 'postmaster.pid');
  const pid = existsSync(file) ? Number(readFileSync(file, 'utf8').split('\n')[0]) : NaN;
  if (!Number.isInteger(pid) || pid <= 0) return;
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
}
