// The service for `npm run bench:api`, started as `npm start` starts it (src/server/main.ts: the
// settings from the environment, the demo seed, every worker, request logs at LOG_LEVEL), plus a
// bare Hono route on a second port of the same process: the ceiling a route of ours is compared to.
// Once the demo's history is written, it tells bench/api.ts where to find both, its metrics and the
// demo credentials, over the IPC channel.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { serve } from '@hono/node-server';
import { count, lt } from 'drizzle-orm';
import { Hono } from 'hono';
import { demoHistoryFills } from '../src/server/db/schema';
import { seedDemo } from '../src/server/demo/seed';
import { loadConfig } from '../src/server/env';
import { createLogger } from '../src/server/logger';
import { openServices, startServer } from '../src/server/server';

const config = loadConfig();
const logger = createLogger(config.logLevel);
const services = await openServices(config, logger);
const keyDir = 'dataDir' in config.database ? config.database.dataDir : process.env.BENCH_KEY_DIR!;
const demo = await seedDemo(services.deps.db, { password: config.demoPassword, keyDir });
if (!demo.apiUser) throw new Error('the benchmark needs a fresh database: the demo API user’s key is written only when it is created');
const server = await startServer(config, logger, services);

const bare = new Hono().get('/', (c) => c.text('ok'));
const bareServer = await new Promise<ReturnType<typeof serve>>((resolve) => {
  const s = serve({ fetch: bare.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
});
const barePort = (bareServer.address() as { port: number }).port;

// The demo's year of audit history is written after the service is ready (src/server/demo/history-fill.ts),
// on PGlite in this very thread: the figures wait for it, so they measure their load alone.
for (;;) {
  const [left] = await services.deps.db.select({ n: count() }).from(demoHistoryFills).where(lt(demoHistoryFills.written, demoHistoryFills.total));
  if (!left?.n) break;
  await new Promise((r) => setTimeout(r, 500));
}

process.send!({
  url: server.url,
  bareUrl: `http://127.0.0.1:${barePort}/`,
  password: demo.password,
  apiUser: { id: demo.apiUser.id, privateKeyFile: demo.apiUser.privateKeyFile },
  metricsUrl: server.metricsUrl,
});
// `--cpu-prof` of the benchmark: one CPU profile per scenario, of the load alone (not the start).
const inspector = new Session();
process.on('message', (message: { profile: 'start' } | { profile: 'stop'; file: string } | { cpu: true }) => {
  void (async () => {
    if ('cpu' in message) {
      const { user, system } = process.cpuUsage();
      process.send!({ cpuMs: (user + system) / 1000 });
      return;
    }
    if (message.profile === 'start') {
      inspector.connect();
      await inspector.post('Profiler.enable');
      await inspector.post('Profiler.start');
    } else {
      const { profile } = await inspector.post('Profiler.stop');
      writeFileSync(message.file, JSON.stringify(profile));
      inspector.disconnect();
    }
    process.send!({ profiled: message.profile });
  })();
});
process.on('disconnect', () => {
  bareServer.close();
  void server.close().then(() => process.exit(0));
});
