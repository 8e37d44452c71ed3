// Benchmark of webhook delivery: deliveries per second to a local receiver, and the delay from
// event to delivery at a steady offered load, through the real outbox, delivery worker, RS512
// signatures and HTTP. The receiver runs in its own thread so it does not share the worker's event
// loop. PGlite by default; PostgreSQL too when DATABASE_URL is set. Prints figures; it does not judge.
//   npm run bench:webhooks [-- --burst 5000 --rate 500 --seconds 10]
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import type { Database } from '../src/server/db/client';
import { openDatabase } from '../src/server/database';
import { createWorkspace } from '../src/server/features/auth/accounts';
import { startDeliveryWorker } from '../src/server/features/webhooks/delivery';
import { enqueueEvent } from '../src/server/features/webhooks/outbox';
import { webhooks } from '../src/server/features/webhooks/schema';
import { currentSigningKey } from '../src/server/features/webhooks/signing';
import { createLogger } from '../src/server/logger';
import { openTestDatabase } from '../src/server/test/harness';

const { values } = parseArgs({
  options: { burst: { type: 'string', default: '5000' }, rate: { type: 'string', default: '500' }, seconds: { type: 'string', default: '10' } },
});
const BURST = Number(values.burst);
const RATE = Number(values.rate);
const SECONDS = Number(values.seconds);
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

/** The receiver: answers 200 and reports, per delivery, the delay since the envelope's createdAt. */
const RECEIVER = `
const { parentPort } = require('node:worker_threads');
const http = require('node:http');
const delays = [];
const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const at = Date.now();
    const envelope = JSON.parse(Buffer.concat(chunks).toString());
    if (!req.headers['fireblocks-webhook-signature'] || !req.headers['fireblocks-signature']) throw new Error('unsigned delivery');
    delays.push(at - envelope.createdAt);
    res.writeHead(200).end();
  });
});
server.keepAliveTimeout = 60000;
server.listen(0, '127.0.0.1', () => parentPort.postMessage({ port: server.address().port }));
parentPort.on('message', (m) => { if (m === 'take') { parentPort.postMessage({ delays: delays.splice(0) }); } });
`;

function startReceiver(): Promise<{ port: number; take(): Promise<number[]>; stop(): Promise<number> }> {
  const worker = new Worker(RECEIVER, { eval: true });
  return new Promise((resolve) => {
    worker.once('message', ({ port }: { port: number }) =>
      resolve({
        port,
        take: () =>
          new Promise((done) => {
            worker.once('message', (m: { delays: number[] }) => done(m.delays));
            worker.postMessage('take');
          }),
        stop: () => worker.terminate(),
      }),
    );
  });
}

async function waitFor(receiver: Awaited<ReturnType<typeof startReceiver>>, total: number, into: number[]) {
  while (into.length < total) {
    await new Promise((r) => setTimeout(r, 50));
    into.push(...(await receiver.take()));
  }
}

async function run(label: string, database: Database) {
  const receiver = await startReceiver();
  const db = database.db;
  const ws = await createWorkspace(db, `Bench ${randomUUID().slice(0, 6)}`);
  const now = new Date();
  await db.insert(webhooks).values({
    id: randomUUID(),
    workspaceId: ws.id,
    url: `http://127.0.0.1:${receiver.port}/hook`,
    events: ['transaction.status.updated'],
    status: 'ENABLED',
    createdAt: now,
    updatedAt: now,
  });
  const data = { id: randomUUID(), status: 'CONFIRMING', amountInfo: { amount: '1.5' }, note: 'x'.repeat(600) };

  // 1. Throughput: a backlog of BURST notifications, then the worker empties it.
  const enqueue = (tx: typeof db) => enqueueEvent(tx, { workspaceId: ws.id, eventType: 'transaction.status.updated', resourceId: data.id, data }, new Date());
  for (let i = 0; i < BURST; i += 500) {
    await db.transaction(async (tx) => {
      for (let j = i; j < Math.min(BURST, i + 500); j++) await enqueue(tx);
    });
  }
  const key = currentSigningKey(db, () => new Date());
  await key();
  const logger = createLogger('warn');
  const options = { policy: { allowLocal: true }, timeoutMs: 10_000, retryScale: 1 };
  const t0 = performance.now();
  const worker = startDeliveryWorker({ db, notices: database.notices, logger, now: () => new Date(), safetyMs: 5_000 }, key, options, 100);
  const burst: number[] = [];
  await waitFor(receiver, BURST, burst);
  const seconds = (performance.now() - t0) / 1000;
  console.log(
    `${label}: ${BURST.toLocaleString()} queued notifications delivered in ${seconds.toFixed(2)} s: ${Math.round(BURST / seconds).toLocaleString()} deliveries/s`,
  );

  // 2. Delay at a steady load: RATE events per second for SECONDS, each its own database transaction.
  const steady: number[] = [];
  const total = RATE * SECONDS;
  const tick = 20;
  const started = Date.now();
  let sent = 0;
  while (sent < total) {
    const due = Math.min(total, Math.floor(((Date.now() - started) / 1000) * RATE));
    for (; sent < due; sent += 1) await db.transaction((tx) => enqueue(tx));
    await new Promise((r) => setTimeout(r, tick));
  }
  await waitFor(receiver, total, steady);
  console.log(
    `${label}: steady ${RATE}/s for ${SECONDS} s (${total.toLocaleString()} events): delay from event to delivery p50 ${pct(steady, 50)} ms, p99 ${pct(steady, 99)} ms, max ${Math.max(...steady)} ms`,
  );
  await worker.stop();
  await receiver.stop();
  await database.close();
}

await run('PGlite', await openDatabase({ memory: true }));
if (process.env.DATABASE_URL) await run('PostgreSQL', await openTestDatabase());
