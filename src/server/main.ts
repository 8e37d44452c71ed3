import { join } from 'node:path';
import { demoPassword, seedDemo, DEMO_PASSWORD_FILE, DEMO_USERS } from './demo/seed';
import { ConfigError, loadConfig } from './env';
import { createLogger, serializeError } from './logger';
import { openServices, startServer } from './server';
import { readyLines } from './start-banner';
import { VERSION } from './version';

const PASSWORD_ORIGIN = {
  given: 'from DEMO_PASSWORD',
  kept: `kept in the data folder's ${DEMO_PASSWORD_FILE} since the first start; set DEMO_PASSWORD to choose another`,
  new: `new, kept in the data folder's ${DEMO_PASSWORD_FILE} for the next starts; set DEMO_PASSWORD to choose it`,
} as const;

function banner(lines: string[]) {
  process.stdout.write(`\n${lines.join('\n')}\n\n`);
}

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  const started = performance.now();
  const keyDir = 'dataDir' in config.database ? config.database.dataDir : join(process.cwd(), 'data');
  // Before the database opens, so that the password's hash is made meanwhile.
  const password = config.demo ? demoPassword(keyDir, config.demoPassword) : undefined;
  const services = await openServices(config, logger);
  const demo = password ? await seedDemo(services.deps.db, { password, keyDir }) : undefined;
  const server = await startServer(config, logger, services);
  logger.info({ version: VERSION, url: server.url, database: services.database.kind, readyMs: Math.round(performance.now() - started) }, 'service ready');

  const lines = readyLines({
    version: VERSION,
    serverUrl: server.url,
    publicOrigin: config.publicOrigin,
    database: services.database.kind,
    readyMs: performance.now() - started,
    metricsUrl: server.metricsUrl,
    backups: config.backups,
  });
  if (demo) {
    lines.push(
      '',
      `  Demo workspace: sign in as admin@demo.test (ADMIN) with the password below.`,
      `  Other demo users, same password: ${DEMO_USERS.filter((u) => u.email !== 'admin@demo.test')
        .map((u) => `${u.email.split('@')[0]} (${u.role})`)
        .join(', ')} — all @demo.test`,
      `  Demo password: ${demo.password}  (${PASSWORD_ORIGIN[demo.passwordSource]})`,
    );
    if (demo.apiUser) {
      lines.push(`  Demo API user: key ${demo.apiUser.id}, private key in ${demo.apiUser.privateKeyFile}`);
    }
  }
  banner(lines);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(
      { signal, drainDelayMs: config.drainDelayMs },
      'draining: /readyz answers 503, requests are served until the delay ends, then those in flight finish',
    );
    server
      .drain()
      .then(() => {
        logger.info('stopped');
        process.exit(0);
      })
      .catch((err: unknown) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  };
  // An operator's request for a backup now (`npm run cli -- backup` sends it while the service runs).
  process.on('SIGUSR2', () => {
    if (server.backups) void server.backups.takeNow();
    else logger.warn('SIGUSR2 asks for a backup, but BACKUP_DIR is not set (or the database is PostgreSQL): none was taken');
  });
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  // A failed query's message carries its parameters (a password hash, when the demo seed fails):
  // print what the logs keep of a database error, its SQLSTATE and a message without values.
  const { message, code } = serializeError(error) as { message?: string; code?: string };
  process.stderr.write(`Asset Ops could not start: ${message ?? String(error)}${code ? ` (SQLSTATE ${code})` : ''}\n`);
  process.exit(1);
});
