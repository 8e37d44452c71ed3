// HAProxy started by the scripts and the tests: the service's balancer (scripts/fleet.ts) and the
// database's in front of a Patroni cluster (scripts/ha-database.ts).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const HAPROXY = '/usr/sbin/haproxy';

export interface Balancer {
  /** The balancer's URL. */
  url: string;
  config: string;
  /** Where the configuration is written (removed by stop). */
  configFile: string;
  /** What HAProxy printed: warnings, and requests that went wrong (option dontlog-normal). */
  output(): string;
  stop(): Promise<void>;
}

/**
 * HAProxy running `config` (checked first), returned once `ready` resolves: the service's
 * balancer (startBalancer in scripts/fleet.ts), and the database's in front of a Patroni cluster (scripts/ha-database.ts).
 */
export async function startHaproxy(config: string, options: { url: string; ready: () => Promise<void>; onLine?: (line: string) => void }): Promise<Balancer> {
  if (!existsSync(HAPROXY)) throw new Error(`HAProxy is not installed (${HAPROXY}): apt-get install -y haproxy`);
  const configDir = mkdtempSync(join(tmpdir(), 'ao-haproxy-'));
  const configFile = join(configDir, 'haproxy.cfg');
  writeFileSync(configFile, config);
  const check = spawnSync(HAPROXY, ['-c', '-q', '-f', configFile], { encoding: 'utf8' });
  if (check.status !== 0) {
    rmSync(configDir, { recursive: true, force: true });
    throw new Error(`HAProxy refused the generated configuration:\n${check.stderr}${check.stdout}`);
  }
  let output = '';
  // -db: stay in the foreground, so HAProxy ends with this process.
  const haproxy = spawn(HAPROXY, ['-db', '-f', configFile], { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const fromHaproxy = (c: Buffer) => {
    output += c.toString();
    c.toString()
      .split('\n')
      .filter(Boolean)
      .forEach((line) => options.onLine?.(line));
  };
  haproxy.stdout.on('data', fromHaproxy);
  haproxy.stderr.on('data', fromHaproxy);
  const exited = new Promise<void>((resolve) => haproxy.on('exit', () => resolve()));
  try {
    await options.ready();
  } catch (error) {
    haproxy.kill('SIGKILL');
    rmSync(configDir, { recursive: true, force: true });
    throw new Error(`${(error as Error).message}\n${output}`);
  }
  // HAProxy runs in a process group of its own (detached): it must not outlive this process.
  const orphan = () => haproxy.exitCode === null && haproxy.kill('SIGKILL');
  process.once('exit', orphan);
  return {
    url: options.url,
    config,
    configFile,
    output: () => output,
    stop: async () => {
      haproxy.kill('SIGTERM');
      await exited;
      process.off('exit', orphan);
      rmSync(configDir, { recursive: true, force: true });
    },
  };
}
