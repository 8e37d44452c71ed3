import 'reflect-metadata';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHash, createPrivateKey, generateKeyPairSync, randomUUID, webcrypto, type KeyObject } from 'node:crypto';
import { Fireblocks } from '@fireblocks/ts-sdk';
import { Pkcs10CertificateRequestGenerator } from '@peculiar/x509';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { SignJWT } from 'jose';
import type { Role } from '../../contract/roles';
import type { WebhookEnvelope } from '../../contract/webhooks';
import { createApp } from '../app';
import type { Database, Db } from '../db/client';
import { openDatabase } from '../database';
import type { StatementHook } from '../db/pglite-statements';
import { startServer, type RunningServer } from '../server';
import type { Config } from '../env';
import { insertApiUser } from '../features/admin/store';
import { createConsoleUser, createWorkspace } from '../features/auth/accounts';
import { hashPassword } from '../features/auth/password';
import { loadSecrets } from '../features/auth/tokens';
import type { AppDeps } from '../http/types';
import { createLogger } from '../logger';
import { testDatabaseImage, testDatabaseTemplate } from './database-image';
import { TEST_SCRYPT_COST } from './scrypt-cost';
import { scratchDatabase } from './scratch-database';

export const TEST_PASSWORD = 'correct-horse-battery-1';

/**
 * Test databases are real: in-memory PGlite, or a throwaway database on DATABASE_URL's server.
 * `onStatement` hears of each statement, as the metrics and the traces do (openDatabase).
 */
export async function openTestDatabase(onStatement?: StatementHook): Promise<Database & { url?: string }> {
  const url = process.env.DATABASE_URL;
  if (!url) return openDatabase({ memory: true, image: await testDatabaseImage() }, undefined, onStatement);
  const scratch = scratchDatabase(url, 'ao_test_');
  await scratch.create(testDatabaseTemplate());
  const database = await openDatabase({ url: scratch.url }, undefined, onStatement);
  return {
    ...database,
    url: scratch.url,
    close: async () => {
      await database.close();
      await scratch.drop();
    },
  };
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    production: false,
    port: 0,
    host: '127.0.0.1',
    database: { dataDir: '/nonexistent' },
    demo: false,
    demoPassword: undefined,
    logLevel: 'info',
    trustProxy: false,
    consoleDir: '/nonexistent',
    rateLimits: { write: 10_000, query: 10_000, external_query: 10_000, high_compute: 10_000 },
    evmRpcUrls: {},
    // A bound, not a speed: the receivers run in the test's own process, which a loaded machine
    // has kept from answering within 2 s; a test of a receiver that never answers sets its own.
    webhooks: { allowLocal: true, timeoutMs: 10_000, retryScale: 1 },
    stuckAlert: { seconds: 300, blocks: 25 },
    idempotencyLeaseMs: 30_000,
    workerSafetyPollMs: 5_000,
    auditTreeHeadIntervalMs: 2_000,
    drainDelayMs: 0,
    liveStreamsPerCaller: 20,
    instanceId: undefined,
    publicOrigin: 'http://localhost:5173',
    metrics: undefined,
    tracing: undefined,
    backups: undefined,
    ...overrides,
  };
}

/** Everything the service logged, so tests can check what is (and is not) in the logs. */
export class LogCapture extends Writable {
  lines: string[] = [];
  override _write(chunk: Buffer, _enc: string, done: () => void) {
    this.lines.push(...chunk.toString().split('\n').filter(Boolean));
    done();
  }
  get text() {
    return this.lines.join('\n');
  }
}

/** The service's clock in tests: real time unless a test pins it. */
export class TestClock {
  private pinned: Date | undefined;
  now = () => this.pinned ?? new Date();
  set(at: Date | number) {
    this.pinned = new Date(at);
  }
  reset() {
    this.pinned = undefined;
  }
}

export interface TestContext {
  database: Database & { url?: string };
  deps: AppDeps;
  logs: LogCapture;
  clock: TestClock;
}

export async function createTestContext(configOverrides: Partial<Config> = {}): Promise<TestContext> {
  const database = await openTestDatabase();
  const logs = new LogCapture();
  const clock = new TestClock();
  const deps: AppDeps = {
    db: database.db,
    config: testConfig(configOverrides),
    logger: createLogger('info', logs),
    now: clock.now,
    secrets: await loadSecrets(database.db),
  };
  return { database, deps, logs, clock };
}

export function buildApp(ctx: TestContext, extend?: Parameters<typeof createApp>[1]) {
  return createApp(ctx.deps, extend);
}

export interface TestApiUser {
  id: string;
  workspaceId: string;
  privateKey: KeyObject;
}

export async function addApiUser(ctx: TestContext, workspaceId: string, role: Role = 'ADMIN', name = 'test bot'): Promise<TestApiUser> {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const user = await insertApiUser(ctx.deps.db, {
    workspaceId,
    name,
    role,
    status: 'READY',
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  });
  return { id: user.id, workspaceId, privateKey };
}

/** One hash of TEST_PASSWORD for every person a test file makes, as the demo's people share one (at TEST_SCRYPT_COST). */
let testPasswordHash: Promise<string> | undefined;

export async function addWorkspace(ctx: TestContext, name: string, roles: Role[] = ['ADMIN']) {
  const workspace = await createWorkspace(ctx.deps.db, name);
  const passwordHash = await (testPasswordHash ??= hashPassword(TEST_PASSWORD, TEST_SCRYPT_COST));
  const people = await Promise.all(
    roles.map((role, i) =>
      createConsoleUser(ctx.deps.db, {
        workspaceId: workspace.id,
        email: `${role.toLowerCase()}${i}@${workspace.id.slice(0, 8)}.test`,
        displayName: `${role} ${i}`,
        role,
        passwordHash,
      }),
    ),
  );
  return { id: workspace.id, people };
}

export const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

export interface SignOptions {
  method?: string;
  body?: string;
  iat?: number;
  exp?: number;
  nonce?: string;
  uri?: string;
  sub?: string;
  key?: KeyObject;
  bodyHash?: string;
}

/** Signs a request exactly as the official SDK does (wire-facts), with knobs to break each claim. */
export async function signedHeaders(user: TestApiUser, pathAndQuery: string, options: SignOptions = {}) {
  const iat = options.iat ?? Math.floor(Date.now() / 1000);
  const jwt = await new SignJWT({
    uri: options.uri ?? pathAndQuery,
    nonce: options.nonce ?? randomUUID(),
    bodyHash: options.bodyHash ?? sha256Hex(options.body ?? ''),
  })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setSubject(options.sub ?? user.id)
    .setIssuedAt(iat)
    .setExpirationTime(options.exp ?? iat + 55)
    .sign(options.key ?? user.privateKey);
  const headers: Record<string, string> = { 'X-API-Key': user.id, Authorization: `Bearer ${jwt}` };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  return headers;
}

/** What a test sends its requests to: the app, or an object that hands them on to it. */
type RequestTarget = Pick<ReturnType<typeof buildApp>, 'request'>;

export async function signIn(app: RequestTarget, email: string, password = TEST_PASSWORD) {
  const res = await app.request('/v1/auth/sign_in', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return res;
}

export async function consoleToken(app: RequestTarget, email: string): Promise<string> {
  const res = await signIn(app, email);
  if (res.status !== 200) throw new Error(`sign-in of ${email} failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

/** A certificate request made as an operator's tooling makes one: a fresh key pair, self-signed. */
export async function makeCsr(key: { type: 'RSA'; bits: number } | { type: 'EC' } = { type: 'RSA', bits: 2048 }) {
  const algorithm =
    key.type === 'RSA'
      ? { name: 'RSASSA-PKCS1-v1_5', modulusLength: key.bits, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' }
      : { name: 'ECDSA', namedCurve: 'P-256' };
  const keys = (await webcrypto.subtle.generateKey(algorithm, true, ['sign', 'verify'])) as CryptoKeyPair;
  const csr = await Pkcs10CertificateRequestGenerator.create({
    name: 'CN=asset-ops-test',
    keys,
    signingAlgorithm: key.type === 'RSA' ? { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } : { name: 'ECDSA', hash: 'SHA-256' },
  });
  const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey));
  return {
    csrPem: csr.toString('pem'),
    privateKeyPem: createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' }).export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

export interface SdkServer {
  server: RunningServer;
  apiUser: TestApiUser;
  privateKeyPem: string;
  fireblocks: Fireblocks;
  close(): Promise<void>;
}

/** Runs the operator CLI (`cli`, its bundle: cli-bundle.ts) as an operator would and returns the JSON line it prints. */
function runCli(cli: string, args: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, [cli, ...args], { env: { ...process.env, ...env }, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`cli ${args.join(' ')} failed: ${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').pop()!) as Record<string, string>;
}

/**
 * The official SDK's setting: a real server on a port, set up the way an operator does it — an
 * owner (password `sdk-owner-password`) and an API user made by the CLI from a fresh CSR — on a
 * data folder of its own, or a throwaway database on DATABASE_URL's server.
 */
export async function startSdkServer(options: {
  ownerEmail: string;
  apiUserName: string;
  role: Role;
  prepare?: (db: Db, workspaceId: string) => Promise<void>;
}): Promise<SdkServer> {
  const dir = mkdtempSync(join(tmpdir(), 'ao-sdk-'));
  const holder = process.env.DATABASE_URL ? await openTestDatabase() : undefined;
  const target = holder?.url ? { url: holder.url } : { dataDir: join(dir, 'data') };
  const env: Record<string, string> = holder?.url ? { DATABASE_URL: holder.url } : { DATA_DIR: join(dir, 'data'), DATABASE_URL: '' };
  const made = await makeCsr();
  writeFileSync(join(dir, 'bot.csr'), made.csrPem);
  // The CLI's first command then opens a migrated database rather than making one (5 s of a core).
  if (!holder) await (await openDatabase({ dataDir: join(dir, 'data'), image: await testDatabaseImage() })).close();
  // Imported here, not at the top: the benchmarks use this module's other helpers outside Vitest.
  const cli = (await import('vitest')).inject('cliBundle');
  const owner = runCli(cli, ['owner', 'create', '--email', options.ownerEmail, '--password', 'sdk-owner-password'], env);
  const created = runCli(cli, ['api-users', 'create', '--name', options.apiUserName, '--role', options.role, '--csr', join(dir, 'bot.csr')], env);
  if (created.workspaceId !== owner.workspaceId) throw new Error('the CLI put the API user in another workspace');
  const database = await openDatabase(target);
  await options.prepare?.(database.db, created.workspaceId!);
  const config = testConfig();
  const logger = createLogger('silent');
  const deps: AppDeps = { db: database.db, config, logger, now: () => new Date(), secrets: await loadSecrets(database.db) };
  const server = await startServer(config, logger, { deps, database, releaseLock: () => undefined });
  const apiUser = { id: created.id!, workspaceId: created.workspaceId!, privateKey: createPrivateKey(made.privateKeyPem) };
  return {
    server,
    apiUser,
    privateKeyPem: made.privateKeyPem,
    fireblocks: new Fireblocks({ apiKey: apiUser.id, secretKey: made.privateKeyPem, basePath: `${server.url}/v1` }),
    close: async () => {
      await server.close();
      await holder?.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A JSON request helper bound to an app, or to anything that answers requests as one does (a
 * running service: `{ request: (path, init) => fetch(url + path, init) }`): status, parsed body
 * (null when empty) and headers.
 */
export function jsonCaller(app: { request(path: string, init: RequestInit): Response | Promise<Response> }) {
  return async <T = Record<string, unknown>>(token: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await app.request(path, {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...headers },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T & { message: string; code: number }, headers: res.headers };
  };
}

/**
 * A webhook receiver the tests control: what it answers, and every request it got (path, raw body
 * and headers). Several webhooks can share one receiver with a path each (`${url}/north-1`).
 */
export class WebhookReceiver {
  server!: Server;
  url = '';
  answer: number | 'hang' = 200;
  /** How long it takes to answer, so deliveries are still in flight when a test acts. */
  delayMs = 0;
  got: { path: string; body: string; headers: Record<string, string | string[] | undefined> }[] = [];
  /** Counts resets: a request that arrived before the last one belongs to an earlier test. */
  private epoch = 0;
  /**
   * The first segment of every path this receiver serves. A port is handed out again once its
   * receiver closes, and a service of another test file may still be retrying deliveries to the
   * receiver that had it: CI once saw such a stranger's notification among a test's own. Requests
   * outside this prefix are answered 404 and not counted; `got` keeps paths without it.
   */
  private readonly prefix = `/${randomUUID()}`;
  async start(port = 0) {
    this.server = createServer((req, res) => {
      const epoch = this.epoch;
      const path = req.url?.startsWith(`${this.prefix}/`) ? req.url.slice(this.prefix.length) : undefined;
      if (path === undefined) return void res.writeHead(404).end();
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        if (epoch === this.epoch) this.got.push({ path, body: Buffer.concat(chunks).toString(), headers: req.headers });
        const answer = this.answer;
        if (answer === 'hang') return;
        if (this.delayMs) setTimeout(() => res.writeHead(answer).end(), this.delayMs);
        else res.writeHead(answer).end();
      });
    });
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}${this.prefix}/hook`;
  }
  /**
   * Forgets what it got and answers 200 at once again, for the next test. A request still being read
   * (a loaded machine can take longer than a test's delivery timeout to read one) is an earlier
   * test's, and is not counted when it ends.
   */
  reset() {
    this.epoch += 1;
    this.got = [];
    this.answer = 200;
    this.delayMs = 0;
  }
  stop() {
    this.server.closeAllConnections();
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
  envelopes() {
    return this.got.map((g) => JSON.parse(g.body) as WebhookEnvelope);
  }
}
