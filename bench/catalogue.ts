// Benchmark of the asset catalogue with 100,000 assets: p50 and p95 of a filtered first page, of a
// search's first page and of a deep page, through the service (auth, validation, the SQL-built
// JSON), on PGlite and (when DATABASE_URL is set) PostgreSQL. Prints figures; it does not judge.
//   npm run bench:catalogue [-- --assets 100000 --page-size 500]
import { parseArgs } from 'node:util';
import { createApp } from '../src/server/app';
import type { DatabaseTarget } from '../src/server/db/client';
import { openDatabase } from '../src/server/database';
import { createConsoleUser, createWorkspace } from '../src/server/features/auth/accounts';
import { loadSecrets } from '../src/server/features/auth/tokens';
import { createLogger } from '../src/server/logger';
import { openTestDatabase, testConfig } from '../src/server/test/harness';
import { addManyAssets } from '../src/server/test/many-assets';
import { refreshStatistics } from '../src/server/workers/housekeeping';

const { values } = parseArgs({ options: { assets: { type: 'string', default: '100000' }, 'page-size': { type: 'string', default: '500' } } });
const ASSETS = Number(values.assets);
const PAGE = Number(values['page-size']);
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

async function run(label: string, target: DatabaseTarget | 'test-postgres') {
  const database = target === 'test-postgres' ? await openTestDatabase() : await openDatabase(target);
  const config = testConfig({ rateLimits: { write: 1e9, query: 1e9, external_query: 1e9, high_compute: 1e9 } });
  const app = createApp({ db: database.db, config, logger: createLogger('silent'), now: () => new Date(), secrets: await loadSecrets(database.db) });
  const ws = await createWorkspace(database.db, 'Bench');
  await createConsoleUser(database.db, {
    workspaceId: ws.id,
    email: `bench-${ws.id.slice(0, 6)}@bench.test`,
    displayName: 'Bench',
    role: 'ADMIN',
    password: 'bench-password-1',
  });
  const t0 = performance.now();
  await addManyAssets(database.db, ws.id, ASSETS);
  await refreshStatistics(database.db);
  console.log(`${label}: ${ASSETS.toLocaleString()} assets added in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const signIn = await app.request('/v1/auth/sign_in', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: `bench-${ws.id.slice(0, 6)}@bench.test`, password: 'bench-password-1' }),
  });
  const { accessToken } = (await signIn.json()) as { accessToken: string };
  const get = async (query: string) => {
    const started = performance.now();
    const res = await app.request(`/v1/assets?${query}`, { headers: { Authorization: `Bearer ${accessToken}` } });
    const body = (await res.json()) as { data: unknown[]; next: string | null };
    if (res.status !== 200) throw new Error(JSON.stringify(body));
    return { ms: performance.now() - started, next: body.next };
  };
  const filters = ['blockchainId=ETH', 'scope=LOCAL', 'symbol=B42', 'assetClass=FT&deprecated=false', 'blockchainId=SOL&scope=LOCAL', 'deprecated=true'];
  const first: number[] = [];
  const byFilter = new Map<string, number[]>(filters.map((f) => [f, []]));
  for (let round = 0; round < 20; round++) {
    for (const f of filters) {
      const { ms } = await get(`pageSize=${PAGE}&${f}`);
      first.push(ms);
      byFilter.get(f)!.push(ms);
    }
  }
  console.log(
    `${label}: filtered first page (pageSize ${PAGE}, ${first.length} requests): p50 ${pct(first, 50).toFixed(1)} ms, p95 ${pct(first, 95).toFixed(1)} ms`,
  );
  for (const [f, ms] of byFilter) console.log(`  ${f}: p50 ${pct(ms, 50).toFixed(1)} ms, p95 ${pct(ms, 95).toFixed(1)} ms`);

  // The search (q) over every asset the workspace sees: shipped tokens by symbol and name, a piece
  // of a name and of an address, text in some thousands of rows, in every row, and in none.
  const searches = ['usdc', 'tether', 'token 4242', '00000000abc', 'b42', 'bench', 'no such asset'];
  const searched: number[] = [];
  const byQuery = new Map<string, number[]>(searches.map((q) => [q, []]));
  for (let round = 0; round < 20; round++) {
    for (const q of searches) {
      const { ms } = await get(`pageSize=${PAGE}&q=${encodeURIComponent(q)}`);
      searched.push(ms);
      byQuery.get(q)!.push(ms);
    }
  }
  console.log(
    `${label}: search first page (pageSize ${PAGE}, ${searched.length} requests): p50 ${pct(searched, 50).toFixed(1)} ms, p95 ${pct(searched, 95).toFixed(1)} ms`,
  );
  for (const [q, ms] of byQuery) console.log(`  q=${q}: p50 ${pct(ms, 50).toFixed(1)} ms, p95 ${pct(ms, 95).toFixed(1)} ms`);

  // A deep page: follow next to the middle of the catalogue, then ask for that page repeatedly.
  let next: string | null = null;
  const depth = Math.floor(ASSETS / PAGE / 2);
  for (let i = 0; i < depth; i++) next = (await get(`pageSize=${PAGE}${next ? `&pageCursor=${encodeURIComponent(next)}` : ''}`)).next;
  const deep: number[] = [];
  for (let i = 0; i < 60; i++) deep.push((await get(`pageSize=${PAGE}&pageCursor=${encodeURIComponent(next!)}`)).ms);
  console.log(
    `${label}: page ${depth + 1} (${(depth * PAGE).toLocaleString()} assets deep, 60 requests): p50 ${pct(deep, 50).toFixed(1)} ms, p95 ${pct(deep, 95).toFixed(1)} ms`,
  );
  await database.close();
}

await run('PGlite', { memory: true });
if (process.env.DATABASE_URL) await run('PostgreSQL', 'test-postgres');
else console.log('PostgreSQL: skipped (set DATABASE_URL to a server where a throwaway database may be created)');
