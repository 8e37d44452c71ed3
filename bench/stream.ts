// Benchmark of the live stream: how many open streams one instance holds, and the delay from a
// change's commit to its notice arriving at every stream. One service instance (the real server,
// hub and database notices) in this process; the clients in a worker thread with their own event
// loop, reading each stream as the console does (fetch, text/event-stream). PGlite by default;
// PostgreSQL too when DATABASE_URL is set. Prints figures; it does not judge.
//   npm run bench:stream [-- --streams 1000 --changes 20]
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import type { Database } from '../src/server/db/client';
import { openDatabase } from '../src/server/database';
import { createConsoleUser, createWorkspace } from '../src/server/features/auth/accounts';
import { liveHub } from '../src/server/features/live/hub';
import { recordChange } from '../src/server/features/live/record';
import { createLogger } from '../src/server/logger';
import { startServer } from '../src/server/server';
import { openTestDatabase, testConfig } from '../src/server/test/harness';
import { loadSecrets } from '../src/server/features/auth/tokens';

const { values } = parseArgs({ options: { streams: { type: 'string', default: '1000' }, changes: { type: 'string', default: '20' } } });
const STREAMS = Number(values.streams);
const CHANGES = Number(values.changes);
const PASSWORD = 'bench-stream-password-1';
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

/** The clients: open `streams` streams, report when all are ready, then every notice's arrival time by object id. */
const CLIENTS = `
const { parentPort, workerData } = require('node:worker_threads');
const { url, token, streams } = workerData;
const arrivals = [];
let ready = 0;
const controllers = [];
async function open() {
  const controller = new AbortController();
  controllers.push(controller);
  const res = await fetch(url + '/v1/events/stream', { headers: { Authorization: 'Bearer ' + token }, signal: controller.signal });
  if (res.status !== 200) throw new Error('stream answered ' + res.status);
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of res.body) {
    text += decoder.decode(chunk, { stream: true });
    let end;
    while ((end = text.indexOf('\\n\\n')) >= 0) {
      const frame = text.slice(0, end);
      text = text.slice(end + 2);
      if (frame.startsWith('event: ready')) { ready++; if (ready === streams) parentPort.postMessage({ ready }); }
      else if (frame.startsWith('event: notice')) {
        const data = frame.split('\\n').find((l) => l.startsWith('data: ')).slice(6);
        arrivals.push([JSON.parse(data).id, Date.now()]);
      }
    }
  }
}
(async () => {
  for (let i = 0; i < streams; i++) open().catch((e) => { if (e.name !== 'AbortError') parentPort.postMessage({ error: String(e) }); });
})();
parentPort.on('message', (m) => {
  if (m === 'take') parentPort.postMessage({ arrivals: arrivals.splice(0) });
  if (m === 'stop') controllers.forEach((c) => c.abort());
});
`;

async function run(label: string, open: () => Promise<Database>) {
  const database = await open();
  // Every stream is one viewer's, so the per-user limit is lifted to the count (1,000 consoles would be 1,000 users).
  const config = testConfig({
    rateLimits: { write: 1e9, query: 1e9, external_query: 1e9, high_compute: 1e9 },
    logLevel: 'silent',
    liveStreamsPerCaller: STREAMS,
  });
  const logger = createLogger('silent');
  const deps = { db: database.db, config, logger, now: () => new Date(), secrets: await loadSecrets(database.db) };
  const server = await startServer(config, logger, { deps, database, releaseLock: () => undefined });
  const workspace = await createWorkspace(database.db, 'Bench streams');
  await createConsoleUser(database.db, {
    workspaceId: workspace.id,
    email: 'viewer@bench.test',
    displayName: 'Bench viewer',
    role: 'VIEWER',
    password: PASSWORD,
  });
  const signIn = await fetch(`${server.url}/v1/auth/sign_in`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'viewer@bench.test', password: PASSWORD }),
  });
  const { accessToken } = (await signIn.json()) as { accessToken: string };

  const opening = Date.now();
  const clients = new Worker(CLIENTS, { eval: true, workerData: { url: server.url, token: accessToken, streams: STREAMS } });
  const message = <T>(): Promise<T> => new Promise((resolve) => clients.once('message', resolve));
  const first = await message<{ ready?: number; error?: string }>();
  if (first.error) throw new Error(first.error);
  const openMs = Date.now() - opening;
  const held = liveHub(database.db, logger).size;

  const committed = new Map<string, number>();
  for (let i = 0; i < CHANGES; i++) {
    const id = `bench-${i}`;
    await database.db.transaction((tx) => recordChange(tx, { workspaceId: workspace.id, kind: 'transaction', id, status: 'SUBMITTED' }));
    committed.set(id, Date.now());
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const delays: number[] = [];
  const deadline = Date.now() + 30_000;
  while (delays.length < STREAMS * CHANGES && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    clients.postMessage('take');
    const { arrivals } = await message<{ arrivals: [string, number][] }>();
    for (const [id, at] of arrivals) delays.push(at - committed.get(id)!);
  }
  clients.postMessage('stop');
  await clients.terminate();
  // Closes the database too (and drops the scratch one on PostgreSQL).
  await server.close();
  const expected = STREAMS * CHANGES;
  console.log(
    `${label}: ${held} open streams held by one instance (opened in ${openMs} ms); ${CHANGES} changes, ${delays.length}/${expected} notices arrived; ` +
      `commit to notice p50 ${pct(delays, 50)} ms, p99 ${pct(delays, 99)} ms, max ${pct(delays, 100)} ms`,
  );
}

await run('PGlite', () => openDatabase({ memory: true }));
if (process.env.DATABASE_URL) await run('PostgreSQL', openTestDatabase);
