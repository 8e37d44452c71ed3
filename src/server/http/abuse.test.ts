import http from 'node:http';
import net from 'node:net';
import { generateKeyPairSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { PRINCIPAL_TTL_MS } from '../features/auth/principal-cache';
import { startServer, type RunningServer } from '../server';
import { addApiUser, addWorkspace, consoleToken, createTestContext, signedHeaders, signIn, type TestApiUser, type TestContext } from '../test/harness';
import { REFUSALS_PER_ADDRESS, REFUSALS_PER_KEY, summariseRefusedAuthentications } from '../features/auth/authenticate';
import { MAX_RECORDED_PATH } from './client-address';
import { WINDOW_MS, windowOf } from './rate-limit';

/**
 * Abuse of the authentication layer through real listening servers: floods of forged requests
 * naming real API keys (from one address and from several, spread over two instances that share
 * the database), reuse of a console access token after sign-out or after its user was disabled,
 * and early refusals on a kept-alive connection. Client addresses are real: every 127.0.0.0/8
 * address is loopback, so each client binds its own (TRUST_PROXY stays off).
 */

let ctx: TestContext;
let server: RunningServer;
let second: RunningServer;
let ws: Awaited<ReturnType<typeof addWorkspace>>;
let auditor: string;
// The whole flood happens at one instant of the service's clock, inside one counting window.
const windowStart = windowOf(new Date()).start.getTime();
const floodAt = windowStart + 20_000;
const floodAtS = Math.floor(floodAt / 1000);

beforeAll(async () => {
  ctx = await createTestContext();
  ctx.clock.set(floodAt);
  const services = { deps: ctx.deps, database: ctx.database, releaseLock: () => undefined };
  server = await startServer(ctx.deps.config, ctx.deps.logger, services);
  // A second instance on the same database: counters and sessions must hold across instances.
  second = await startServer(ctx.deps.config, ctx.deps.logger, { ...services, database: { ...ctx.database, close: async () => undefined } });
  ws = await addWorkspace(ctx, 'Abuse Co', ['ADMIN', 'ADMIN']);
  auditor = await consoleToken(server.app, ws.people[0]!.email);
});
afterAll(async () => {
  await second?.close();
  await server?.close();
});

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** Whether the request went on a connection an earlier request had used. */
  reused: boolean;
}

interface SendOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
  agent?: http.Agent;
  localAddress?: string;
  base?: string;
}

/** One HTTP/1.1 request through node:http, so the client address and the connection are under the test's control. */
function send(path: string, options: SendOptions = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const headers = {
      ...options.headers,
      ...(options.body !== undefined ? { 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(options.body)) } : {}),
    };
    const req = http.request(
      `${options.base ?? server.url}${path}`,
      { method: options.method ?? 'GET', headers, agent: options.agent, localAddress: options.localAddress },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text, reused: req.reusedSocket }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** A raw request that declares `declared` body bytes and sends only `sent` of them; answers once the server has answered and closed the connection (it fails if the server keeps it open). */
function sendHeadersAndPartOfBody(
  path: string,
  headers: Record<string, string>,
  declared: number,
  sent: number,
): Promise<{ status: number; connection: string | undefined }> {
  const { hostname, port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    let text = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no close from the server; it answered: ${text.slice(0, 200)}`));
    }, 10_000);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1]),
        connection: /\r\nconnection: ([^\r]*)/i.exec(text)?.[1]?.toLowerCase(),
      });
    });
    const head = [
      `POST ${path} HTTP/1.1`,
      `Host: ${hostname}:${port}`,
      `Content-Length: ${declared}`,
      ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    ];
    socket.write(`${head.join('\r\n')}\r\n\r\n${'a'.repeat(sent)}`);
  });
}

describe('refused API authentications', () => {
  const stranger = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
  const path = '/v1/management/api_users';
  /** A well-formed request naming the API key, signed with a key that is not the API user's. */
  const forged = (key: TestApiUser, uri = path) => signedHeaders(key, uri, { key: stranger, iat: floodAtS });
  const agents = new Map<string, http.Agent>();
  const agentFor = (address: string) => agents.get(address) ?? agents.set(address, new http.Agent({ keepAlive: true, maxSockets: 4 })).get(address)!;
  afterAll(() => agents.forEach((agent) => agent.destroy()));

  /** Sends the requests eight at a time, each from its address and to its instance. */
  async function flood(requests: { headers: Record<string, string>; from: string; path?: string; base?: string }[]): Promise<Reply[]> {
    const replies: Reply[] = new Array(requests.length);
    let next = 0;
    const worker = async () => {
      while (next < requests.length) {
        const i = next++;
        const r = requests[i]!;
        replies[i] = await send(r.path ?? path, { headers: r.headers, localAddress: r.from, agent: agentFor(r.from), base: r.base });
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    return replies;
  }

  const statuses = (replies: Reply[]) => replies.reduce<Record<number, number>>((n, r) => ({ ...n, [r.status]: (n[r.status] ?? 0) + 1 }), {});
  const eventsOf = async (key: TestApiUser) => {
    const res = await fetch(
      `${server.url}/v1/management/audit_logs?userId=${key.id}&subject=API%20authentication&startTime=${windowStart - WINDOW_MS}&order=ASC&pageSize=500`,
      {
        headers: { Authorization: `Bearer ${auditor}` },
      },
    );
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: { event: string; sourceAddress: string; detail: Record<string, unknown> }[] }).data;
  };

  it('counts a flood per key and per address in the database: a bounded number of audit events with the right count, 429 past the limits, and the real API user unaffected', async () => {
    const [one, many, ...spread] = await Promise.all(
      Array.from({ length: 2 + Math.ceil(REFUSALS_PER_ADDRESS / REFUSALS_PER_KEY) + 1 }, (_, i) => addApiUser(ctx, ws.id, 'ADMIN', `bot ${i}`)),
    );
    const hostile = `/v1/transactions/${'A'.repeat(4_000)}`;

    // (1) 600 forged requests naming one key from one address; the first has a hostile URI.
    const fromOne = [{ headers: await forged(one!, hostile), from: '127.0.0.2', path: hostile }];
    const forgedOne = await forged(one!);
    while (fromOne.length < 600) fromOne.push({ headers: forgedOne, from: '127.0.0.2', path });
    const first = await flood(fromOne.slice(0, 1));
    const one600 = [...first, ...(await flood(fromOne.slice(1)))];
    // (2) 600 naming another key from six addresses, alternating between the two instances.
    const forgedMany = await forged(many!);
    const fromSix = Array.from({ length: 600 }, (_, i) => ({ headers: forgedMany, from: `127.0.0.${3 + (i % 6)}`, base: i % 2 ? second.url : server.url }));
    const many600 = await flood(fromSix);
    // (3) Several keys from one address, none over its own limit: the address's limit applies.
    const perKey = await Promise.all(spread.map((key) => forged(key)));
    const fromSpread = Array.from({ length: spread.length * REFUSALS_PER_KEY }, (_, i) => ({ headers: perKey[i % spread.length]!, from: '127.0.0.9' }));
    const spreadReplies = await flood(fromSpread);

    expect(statuses(one600)).toEqual({ 401: REFUSALS_PER_KEY, 429: 600 - REFUSALS_PER_KEY });
    expect(statuses(many600)).toEqual({ 401: REFUSALS_PER_KEY, 429: 600 - REFUSALS_PER_KEY });
    expect(statuses(spreadReplies)).toEqual({ 401: REFUSALS_PER_ADDRESS, 429: fromSpread.length - REFUSALS_PER_ADDRESS });
    const retryAfter = String((windowStart + WINDOW_MS - floodAt) / 1000);
    for (const reply of [...one600, ...many600, ...spreadReplies].filter((r) => r.status === 429)) {
      expect(reply.headers['retry-after']).toBe(retryAfter);
      expect(JSON.parse(reply.text)).toMatchObject({ code: 429, message: expect.stringMatching(/refused authentications .* retry in \d+ s/) });
    }

    // The real API user's signed requests still work, from the flooding address and elsewhere:
    // the limits only decide how refused requests are answered.
    for (const [key, from] of [
      [one!, '127.0.0.2'],
      [many!, '127.0.0.3'],
      [spread[0]!, '127.0.0.9'],
      [one!, '127.0.0.1'],
    ] as const) {
      const legit = await send(path, { headers: await signedHeaders(key, path, { iat: floodAtS }), localAddress: from });
      expect(legit.status).toBe(200);
    }

    // While the minute runs, each key has one event: its first refusal, with a bounded path.
    const during = await eventsOf(one!);
    expect(during).toHaveLength(1);
    expect(during[0]).toMatchObject({ event: 'Authentication failed', sourceAddress: '127.0.0.2', detail: { code: -1, method: 'GET' } });
    const storedPath = during[0]!.detail.path as string;
    expect(storedPath.length).toBeLessThanOrEqual(MAX_RECORDED_PATH + 1);
    expect(hostile.startsWith(storedPath.slice(0, -1))).toBe(true);
    expect(ctx.logs.text).not.toContain(hostile.slice(0, MAX_RECORDED_PATH + 10));
    for (const key of [many!, ...spread]) expect(await eventsOf(key)).toHaveLength(1);

    // Once the minute is over, one summary per key carries the exact count, written once however often the sweep runs.
    ctx.clock.set(windowStart + WINDOW_MS + 10_000);
    await Promise.all([summariseRefusedAuthentications(ctx.deps.db, ctx.deps.now()), summariseRefusedAuthentications(ctx.deps.db, ctx.deps.now())]);
    await summariseRefusedAuthentications(ctx.deps.db, ctx.deps.now());
    const counted = new Map<string, number>();
    let written = 0;
    for (const [key, sent] of [[one!, 600], [many!, 600], ...spread.map((k) => [k, REFUSALS_PER_KEY] as const)] as const) {
      const events = await eventsOf(key);
      written += events.length;
      expect(events.map((e) => e.event)).toEqual(['Authentication failed', 'Authentication failures summarised']);
      expect(events[1]!.detail).toEqual({ count: sent, windowStart, windowEnd: windowStart + WINDOW_MS });
      counted.set(key.id, sent);
    }
    const sent = one600.length + many600.length + spreadReplies.length;
    // eslint-disable-next-line no-console -- the figure this test reports (requests sent, events written)
    console.log(
      `abuse: ${sent} forged requests naming ${counted.size} real API keys from 8 addresses → ${statuses([...one600, ...many600, ...spreadReplies])[401]} × 401, ` +
        `${statuses([...one600, ...many600, ...spreadReplies])[429]} × 429; ${written} audit events written (one first refusal and one summary per key and minute)`,
    );
  });
});

describe('console sessions', () => {
  const cookieOf = (res: Response) => res.headers.get('set-cookie')?.match(/ao_refresh=([^;]*)/)?.[1] ?? '';
  const sessionOn = (instance: RunningServer, token: string) => fetch(`${instance.url}/v1/auth/session`, { headers: { Authorization: `Bearer ${token}` } });
  const signInAs = async (email: string) => {
    const res = await signIn(server.app, email);
    expect(res.status).toBe(200);
    return { token: ((await res.json()) as { accessToken: string }).accessToken, cookie: cookieOf(res) };
  };

  it('sign-out ends that sign-in’s access token at once on both instances, for reads and writes; another sign-in keeps working', async () => {
    const email = ws.people[0]!.email;
    const session = await signInAs(email);
    const other = await signInAs(email);
    expect((await sessionOn(server, session.token)).status).toBe(200);
    expect((await sessionOn(second, session.token)).status).toBe(200);
    const out = await fetch(`${server.url}/v1/auth/sign_out`, {
      method: 'POST',
      headers: { Cookie: `ao_refresh=${session.cookie}`, Authorization: `Bearer ${session.token}` },
    });
    expect(out.status).toBe(204);
    for (const instance of [server, second]) {
      const reuse = await sessionOn(instance, session.token);
      expect(reuse.status).toBe(401);
      expect(await reuse.json()).toMatchObject({ code: -7 });
    }
    const bot = await addApiUser(ctx, ws.id, 'ADMIN');
    const write = await fetch(`${second.url}/v1/management/api_users/${bot.id}/enabled`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${session.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ enabled: false }),
    });
    expect(write.status).toBe(401);
    expect((await sessionOn(second, other.token)).status).toBe(200);
  });

  it('a disabled user’s access token fails at once on PostgreSQL and within a second on the embedded database (changed by hand), and the refresh cookie at once', async () => {
    const person = ws.people[1]!;
    const session = await signInAs(person.email);
    expect((await sessionOn(second, session.token)).status).toBe(200);
    // No operation disables a console user yet; an operator does it in the database, which no
    // instance hears of: the principal they accepted is read again after at most PRINCIPAL_TTL_MS.
    await ctx.deps.db.update(users).set({ enabled: false }).where(eq(users.id, person.id));
    const refresh = await fetch(`${server.url}/v1/auth/refresh`, { method: 'POST', headers: { Cookie: `ao_refresh=${session.cookie}` } });
    expect(refresh.status).toBe(401);
    // PostgreSQL is shared with other processes, so nothing accepted is remembered: refused at once.
    if (ctx.database.kind === 'postgres') expect((await sessionOn(second, session.token)).status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, PRINCIPAL_TTL_MS));
    expect((await sessionOn(server, session.token)).status).toBe(401);
    expect((await sessionOn(second, session.token)).status).toBe(401);
  });

  it('a spent refresh cookie presented again ends the access tokens of that sign-in too', async () => {
    const session = await signInAs(ws.people[0]!.email);
    const refresh = (cookie: string) => fetch(`${server.url}/v1/auth/refresh`, { method: 'POST', headers: { Cookie: `ao_refresh=${cookie}` } });
    const rotated = await refresh(session.cookie);
    expect(rotated.status).toBe(200);
    const fresh = ((await rotated.json()) as { accessToken: string }).accessToken;
    expect((await sessionOn(server, fresh)).status).toBe(200);
    ctx.clock.set(ctx.clock.now().getTime() + 30_000); // past the grace period for two tabs racing
    expect((await refresh(session.cookie)).status).toBe(401);
    expect((await sessionOn(server, fresh)).status).toBe(401);
    expect((await sessionOn(server, session.token)).status).toBe(401);
  });
});

describe('early refusals on a kept-alive connection', () => {
  // One socket at most: the follow-up request goes on the same connection unless the server said close.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  afterAll(() => agent.destroy());
  const next = async () => {
    const reply = await send('/v1/openapi.json', { agent });
    expect(reply.status).toBe(200);
  };

  it('keeps the connection when the whole request had arrived, even for a refusal that never read the body', async () => {
    const replies = [];
    for (let i = 0; i < 3; i++)
      replies.push(await send('/v1/management/api_users', { method: 'POST', body: '{}', headers: { Authorization: 'Bearer not.a.jwt' }, agent }));
    expect(replies.map((r) => [r.status, r.headers.connection, r.reused])).toEqual([
      [401, 'keep-alive', false],
      [401, 'keep-alive', true],
      [401, 'keep-alive', true],
    ]);
  });

  it('answers a body over the limit with 413 and Connection: close, and the next request on the agent succeeds', async () => {
    for (const size of [2 * 1024 * 1024, 16 * 1024 * 1024]) {
      const refused = await send('/v1/management/api_users', { method: 'POST', body: Buffer.alloc(size, 'a'), agent });
      await next();
      expect(refused.status).toBe(413);
      expect(refused.headers.connection).toBe('close');
    }
  });

  it('answers a bodyful request with a bad JWT with 401 before reading the body, with Connection: close, and the next request succeeds', async () => {
    const bot = await addApiUser(ctx, ws.id, 'ADMIN');
    for (const headers of [
      { Authorization: 'Bearer not.a.jwt' },
      await signedHeaders(bot, '/v1/management/api_users', { key: generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey }),
    ]) {
      // Only the first kilobyte of a declared megabyte is sent, as a slow client would. A JSON body
      // is read whole before anything answers (every string in it is checked for text PostgreSQL
      // cannot store), so the refusal that comes before the body is read is one for a body of
      // another type: it comes while the body is on its way, and the connection cannot carry another request.
      const refused = await sendHeadersAndPartOfBody('/v1/management/api_users', { ...headers, 'Content-Type': 'application/octet-stream' }, 1000 * 1024, 1024);
      expect(refused.status).toBe(401);
      expect(refused.connection).toBe('close');
      await next();
    }
  });
});
