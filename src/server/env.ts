import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { z } from 'zod';
import type { RateCategory } from '../contract/operations';
import { insideFolder } from './db/pglite-backup';

/**
 * Which proxies in front of the service are trusted: none; a number of hops (the nearest N proxies,
 * counted from the service); or the proxies' own addresses and networks. `X-Forwarded-For` is
 * written by whoever sends the request, so only what a trusted proxy appended can be believed.
 */
export type TrustProxy = false | { hops: number } | { proxies: readonly string[] };

const flag = (name: string) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], { error: `${name} must be true or false` })
    .transform((v) => ['true', '1', 'yes', 'on'].includes(v));

/** An address or a network (address/prefix) of a trusted proxy. */
function isProxyAddress(entry: string): boolean {
  const [address = '', prefix, extra] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || extra !== undefined) return false;
  return prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

const perMinute = (name: string, fallback: number) =>
  z.coerce
    .number({ error: `${name} must be a whole number of requests per minute` })
    .int({ error: `${name} must be a whole number of requests per minute` })
    .min(1, { error: `${name} must be at least 1` })
    .default(fallback);

const otlpUrl = (name: string) =>
  z
    .string()
    .refine((value) => URL.canParse(value) && ['http:', 'https:'].includes(new URL(value).protocol), {
      error: `${name} must be an http:// or https:// URL (an OpenTelemetry collector's OTLP/HTTP endpoint)`,
    })
    .optional();

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test'], { error: 'NODE_ENV must be development, production or test' }).default('development'),
  PORT: z.coerce
    .number({ error: 'PORT must be a number' })
    .int({ error: 'PORT must be a whole number' })
    .min(0, { error: 'PORT must be between 0 and 65535' })
    .max(65535, { error: 'PORT must be between 0 and 65535' })
    .default(8080),
  HOST: z.string().min(1, { error: 'HOST must not be empty' }).default('127.0.0.1'),
  DATA_DIR: z.string().min(1, { error: 'DATA_DIR must not be empty' }).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'DATABASE_URL must start with postgres:// or postgresql://' })
    .optional(),
  DEMO: flag('DEMO').optional(),
  DEMO_PASSWORD: z.string().min(12, { error: 'DEMO_PASSWORD must be at least 12 characters' }).optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent' })
    .default('info'),
  TRUST_PROXY: z
    .string()
    .transform((value, ctx): TrustProxy => {
      const v = value.trim().toLowerCase();
      if (['false', '0', 'no', 'off'].includes(v)) return false;
      // `true` used to mean "believe X-Forwarded-For"; it now means the one proxy in front.
      if (['true', 'yes', 'on'].includes(v)) return { hops: 1 };
      if (/^\d+$/.test(v) && Number(v) <= 10) return { hops: Number(v) };
      const proxies = v.split(',').map((p) => p.trim());
      if (proxies.every(isProxyAddress)) return { proxies };
      ctx.addIssue({
        code: 'custom',
        message:
          'TRUST_PROXY must be false, a number of proxies in front (1 to 10), or their addresses and networks separated by commas (10.0.0.5,10.1.0.0/16)',
      });
      return z.NEVER;
    })
    .default(false),
  CONSOLE_DIR: z.string().default('./dist/web'),
  EVM_RPC_URLS: z
    .string()
    .regex(/^([A-Za-z0-9_-]+=https?:\/\/[^,\s]+)(,[A-Za-z0-9_-]+=https?:\/\/[^,\s]+)*$/, {
      error: 'EVM_RPC_URLS must be LEGACY_ID=http(s)://url pairs separated by commas, e.g. ETH_TEST5=http://127.0.0.1:8545',
    })
    .optional(),
  WEBHOOK_ALLOW_LOCAL: flag('WEBHOOK_ALLOW_LOCAL').default(false),
  WEBHOOK_TIMEOUT_MS: z.coerce
    .number({ error: 'WEBHOOK_TIMEOUT_MS must be a number of milliseconds' })
    .int({ error: 'WEBHOOK_TIMEOUT_MS must be a whole number of milliseconds' })
    .min(100, { error: 'WEBHOOK_TIMEOUT_MS must be between 100 and 60000' })
    .max(60_000, { error: 'WEBHOOK_TIMEOUT_MS must be between 100 and 60000' })
    .default(10_000),
  WEBHOOK_RETRY_SCALE: z.coerce
    .number({ error: 'WEBHOOK_RETRY_SCALE must be a number' })
    .gt(0, { error: 'WEBHOOK_RETRY_SCALE must be greater than 0 and at most 1' })
    .max(1, { error: 'WEBHOOK_RETRY_SCALE must be greater than 0 and at most 1' })
    .default(1),
  STUCK_ALERT_SECONDS: z.coerce
    .number({ error: 'STUCK_ALERT_SECONDS must be a number of seconds' })
    .int({ error: 'STUCK_ALERT_SECONDS must be a whole number of seconds' })
    .min(1, { error: 'STUCK_ALERT_SECONDS must be at least 1' })
    .default(300),
  STUCK_ALERT_BLOCKS: z.coerce
    .number({ error: 'STUCK_ALERT_BLOCKS must be a number of blocks' })
    .int({ error: 'STUCK_ALERT_BLOCKS must be a whole number of blocks' })
    .min(1, { error: 'STUCK_ALERT_BLOCKS must be at least 1' })
    .default(25),
  IDEMPOTENCY_LEASE_MS: z.coerce
    .number({ error: 'IDEMPOTENCY_LEASE_MS must be a number of milliseconds' })
    .int({ error: 'IDEMPOTENCY_LEASE_MS must be a whole number of milliseconds' })
    .min(1000, { error: 'IDEMPOTENCY_LEASE_MS must be between 1000 and 600000' })
    .max(600_000, { error: 'IDEMPOTENCY_LEASE_MS must be between 1000 and 600000' })
    .default(30_000),
  WORKER_SAFETY_POLL_MS: z.coerce
    .number({ error: 'WORKER_SAFETY_POLL_MS must be a number of milliseconds' })
    .int({ error: 'WORKER_SAFETY_POLL_MS must be a whole number of milliseconds' })
    .min(100, { error: 'WORKER_SAFETY_POLL_MS must be between 100 and 600000' })
    .max(600_000, { error: 'WORKER_SAFETY_POLL_MS must be between 100 and 600000' })
    .default(5_000),
  AUDIT_TREE_HEAD_INTERVAL_MS: z.coerce
    .number({ error: 'AUDIT_TREE_HEAD_INTERVAL_MS must be a number of milliseconds' })
    .int({ error: 'AUDIT_TREE_HEAD_INTERVAL_MS must be a whole number of milliseconds' })
    .min(100, { error: 'AUDIT_TREE_HEAD_INTERVAL_MS must be between 100 and 3600000' })
    .max(3_600_000, { error: 'AUDIT_TREE_HEAD_INTERVAL_MS must be between 100 and 3600000' })
    .default(2_000),
  DRAIN_DELAY_MS: z.coerce
    .number({ error: 'DRAIN_DELAY_MS must be a number of milliseconds' })
    .int({ error: 'DRAIN_DELAY_MS must be a whole number of milliseconds' })
    .min(0, { error: 'DRAIN_DELAY_MS must be between 0 and 300000' })
    .max(300_000, { error: 'DRAIN_DELAY_MS must be between 0 and 300000' })
    .default(5000),
  LIVE_STREAMS_PER_CALLER: z.coerce
    .number({ error: 'LIVE_STREAMS_PER_CALLER must be a number of streams' })
    .int({ error: 'LIVE_STREAMS_PER_CALLER must be a whole number of streams' })
    .min(1, { error: 'LIVE_STREAMS_PER_CALLER must be between 1 and 100000' })
    .max(100_000, { error: 'LIVE_STREAMS_PER_CALLER must be between 1 and 100000' })
    .default(20),
  INSTANCE_ID: z
    .string()
    .regex(/^[A-Za-z0-9._-]{1,64}$/, { error: 'INSTANCE_ID must be 1 to 64 letters, digits, dots, dashes or underscores' })
    .optional(),
  PUBLIC_ORIGIN: z
    .string()
    .transform((value, ctx) => {
      const url = URL.canParse(value) ? new URL(value) : undefined;
      const host = url?.hostname.replace(/^\[|\]$/g, '') ?? '';
      if (!url || !['http:', 'https:'].includes(url.protocol) || url.origin !== value.replace(/\/$/, '') || isIP(host) !== 0) {
        ctx.addIssue({
          code: 'custom',
          message:
            'PUBLIC_ORIGIN must be the console’s origin, scheme and host name with an optional port and no path (https://ops.example.com); passkeys refuse an IP address',
        });
        return z.NEVER;
      }
      return url.origin;
    })
    .optional(),
  METRICS_PORT: z.coerce
    .number({ error: 'METRICS_PORT must be a number' })
    .int({ error: 'METRICS_PORT must be a whole number' })
    .min(0, { error: 'METRICS_PORT must be between 0 and 65535' })
    .max(65535, { error: 'METRICS_PORT must be between 0 and 65535' })
    .optional(),
  METRICS_HOST: z.string().min(1, { error: 'METRICS_HOST must not be empty' }).default('127.0.0.1'),
  METRICS_TOKEN: z.string().min(16, { error: 'METRICS_TOKEN must be at least 16 characters' }).optional(),
  OTEL_EXPORTER_OTLP_ENDPOINT: otlpUrl('OTEL_EXPORTER_OTLP_ENDPOINT'),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: otlpUrl('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT'),
  OTEL_SDK_DISABLED: flag('OTEL_SDK_DISABLED').default(false),
  OTEL_SERVICE_NAME: z.string().min(1, { error: 'OTEL_SERVICE_NAME must not be empty' }).default('asset-ops'),
  OTEL_TRACES_SAMPLER: z
    .enum(['parentbased_always_on', 'parentbased_traceidratio'], {
      error: 'OTEL_TRACES_SAMPLER must be parentbased_always_on or parentbased_traceidratio (with OTEL_TRACES_SAMPLER_ARG)',
    })
    .default('parentbased_always_on'),
  OTEL_TRACES_SAMPLER_ARG: z.coerce
    .number({ error: 'OTEL_TRACES_SAMPLER_ARG must be a number from 0 to 1' })
    .min(0, { error: 'OTEL_TRACES_SAMPLER_ARG must be a number from 0 to 1' })
    .max(1, { error: 'OTEL_TRACES_SAMPLER_ARG must be a number from 0 to 1' })
    .default(1),
  BACKUP_DIR: z.string().min(1, { error: 'BACKUP_DIR must not be empty' }).optional(),
  BACKUP_INTERVAL_MINUTES: z.coerce
    .number({ error: 'BACKUP_INTERVAL_MINUTES must be a number of minutes' })
    .int({ error: 'BACKUP_INTERVAL_MINUTES must be a whole number of minutes' })
    .min(1, { error: 'BACKUP_INTERVAL_MINUTES must be between 1 and 10080 (a week)' })
    .max(10_080, { error: 'BACKUP_INTERVAL_MINUTES must be between 1 and 10080 (a week)' })
    .default(60),
  BACKUP_KEEP: z.coerce
    .number({ error: 'BACKUP_KEEP must be a number of backups' })
    .int({ error: 'BACKUP_KEEP must be a whole number of backups' })
    .min(1, { error: 'BACKUP_KEEP must be between 1 and 1000' })
    .max(1000, { error: 'BACKUP_KEEP must be between 1 and 1000' })
    .default(24),
  RATE_LIMIT_WRITE: perMinute('RATE_LIMIT_WRITE', 600),
  RATE_LIMIT_QUERY: perMinute('RATE_LIMIT_QUERY', 1200),
  RATE_LIMIT_EXTERNAL_QUERY: perMinute('RATE_LIMIT_EXTERNAL_QUERY', 1200),
  RATE_LIMIT_HIGH_COMPUTE: perMinute('RATE_LIMIT_HIGH_COMPUTE', 60),
});

export interface Config {
  production: boolean;
  port: number;
  host: string;
  database: { url: string } | { dataDir: string };
  demo: boolean;
  demoPassword: string | undefined;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  trustProxy: TrustProxy;
  consoleDir: string;
  rateLimits: Record<RateCategory, number>;
  /** EVM JSON-RPC endpoints by blockchain legacy id, for reading token metadata at registration. */
  evmRpcUrls: Record<string, string>;
  webhooks: {
    /** Allows plain http to loopback and receivers on internal addresses: local development only. */
    allowLocal: boolean;
    timeoutMs: number;
    /** Factor on the retry schedule (1 in production). */
    retryScale: number;
  };
  /** An EVM transaction in CONFIRMING longer than either of these is stuck. */
  stuckAlert: { seconds: number; blocks: number };
  /** How long the simulated trading provider takes to see a prefunded order's payment, when not its own 3 s: a test that watches the wait lengthens it. */
  depositSeenMs?: number;
  /** How long a request holds its Idempotency-Key without renewing it before a retry may take it over. */
  idempotencyLeaseMs: number;
  /**
   * The longest an engine sleeps without a database notice: the safety net for a lost notice (its
   * listening connection dropped). Notices and the engines' own due times drive them otherwise.
   */
  workerSafetyPollMs: number;
  /** The least time between two signed heads of a workspace's audit tree: a head is signed when the tree grew and this passed. */
  auditTreeHeadIntervalMs: number;
  /** After SIGTERM, how long /readyz answers 503 while requests are still served, so a balancer stops sending first. */
  drainDelayMs: number;
  /**
   * How many live streams one user (console or API) may hold open on one instance at once (the
   * console holds one per browser, shared by its tabs); past it a stream is refused with 429, so that a caller cannot pile up
   * streams whose heartbeats each ask the database every 15 s.
   */
  liveStreamsPerCaller: number;
  /** Names this instance in an `X-Instance` response header (set by an operator running several). */
  instanceId: string | undefined;
  /**
   * The console's origin as browsers see it: passkeys are bound to it (WebAuthn checks the origin,
   * and the relying party id is its host name), so the console must be opened there.
   */
  publicOrigin: string;
  /**
   * The Prometheus endpoint (`GET /metrics`), on a port of its own and never on the public one,
   * off unless METRICS_PORT is set; with a token, a scrape must send it as a bearer token.
   */
  metrics: { port: number; host: string; token: string | undefined } | undefined;
  /**
   * OpenTelemetry traces, off unless OTEL_EXPORTER_OTLP_ENDPOINT (or the traces' own
   * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) is set: where spans are sent (OTLP over HTTP, JSON), the
   * service's name in them, and the share of traces started here that are kept (a caller's
   * `traceparent` decides for the traces it started).
   */
  tracing: { url: string; serviceName: string; sampleRatio: number } | undefined;
  /**
   * Scheduled online backups of the embedded database (BACKUP_DIR): one every `intervalMs`, and
   * one whenever the process gets SIGUSR2; the newest `keep` are kept.
   */
  backups: { dir: string; intervalMs: number; keep: number } | undefined;
}

export class ConfigError extends Error {}

/**
 * The OTLP traces endpoint as OpenTelemetry's environment variables name it: the traces' own URL
 * as given, or the signal's path (v1/traces) added to the general endpoint.
 */
function tracingOf(e: z.infer<typeof EnvSchema>): Config['tracing'] {
  const url = e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? e.OTEL_EXPORTER_OTLP_ENDPOINT?.replace(/\/?$/, '/v1/traces');
  if (url === undefined || e.OTEL_SDK_DISABLED) return undefined;
  return { url, serviceName: e.OTEL_SERVICE_NAME, sampleRatio: e.OTEL_TRACES_SAMPLER === 'parentbased_traceidratio' ? e.OTEL_TRACES_SAMPLER_ARG : 1 };
}

/** Reads the settings once at start; a bad value stops the start with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    throw new ConfigError(`Invalid settings:\n${parsed.error.issues.map((i) => `  - ${i.message}`).join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT !== 0 && e.METRICS_PORT === e.PORT) {
    throw new ConfigError('Invalid settings:\n  - METRICS_PORT must differ from PORT: the metrics are never served on the public port');
  }
  if (e.BACKUP_DIR && e.DATABASE_URL) {
    throw new ConfigError(
      'Invalid settings:\n  - BACKUP_DIR backs up the embedded database; with DATABASE_URL, back up the PostgreSQL server (pg_dump, or a base backup with WAL archiving)',
    );
  }
  if (e.BACKUP_DIR && insideFolder(e.BACKUP_DIR, e.DATA_DIR)) {
    throw new ConfigError('Invalid settings:\n  - BACKUP_DIR must be outside DATA_DIR: a backup of the data folder cannot hold its own backups');
  }
  if (production && e.DEMO === true) {
    throw new ConfigError('Invalid settings:\n  - DEMO cannot be on in production mode (NODE_ENV=production)');
  }
  return {
    production,
    port: e.PORT,
    host: e.HOST,
    database: e.DATABASE_URL ? { url: e.DATABASE_URL } : { dataDir: resolve(e.DATA_DIR) },
    demo: production ? false : (e.DEMO ?? true),
    demoPassword: e.DEMO_PASSWORD,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    consoleDir: resolve(e.CONSOLE_DIR),
    evmRpcUrls: Object.fromEntries(
      (e.EVM_RPC_URLS ?? '')
        .split(',')
        .filter(Boolean)
        .map((pair) => pair.split(/=(.*)/s).slice(0, 2) as [string, string]),
    ),
    webhooks: { allowLocal: e.WEBHOOK_ALLOW_LOCAL, timeoutMs: e.WEBHOOK_TIMEOUT_MS, retryScale: e.WEBHOOK_RETRY_SCALE },
    stuckAlert: { seconds: e.STUCK_ALERT_SECONDS, blocks: e.STUCK_ALERT_BLOCKS },
    idempotencyLeaseMs: e.IDEMPOTENCY_LEASE_MS,
    workerSafetyPollMs: e.WORKER_SAFETY_POLL_MS,
    auditTreeHeadIntervalMs: e.AUDIT_TREE_HEAD_INTERVAL_MS,
    drainDelayMs: e.DRAIN_DELAY_MS,
    liveStreamsPerCaller: e.LIVE_STREAMS_PER_CALLER,
    instanceId: e.INSTANCE_ID,
    // WebAuthn refuses an IP address as relying party id; browsers treat http://localhost as secure.
    publicOrigin: e.PUBLIC_ORIGIN ?? `http://localhost:${e.PORT}`,
    metrics: e.METRICS_PORT === undefined ? undefined : { port: e.METRICS_PORT, host: e.METRICS_HOST, token: e.METRICS_TOKEN },
    tracing: tracingOf(e),
    backups: e.BACKUP_DIR ? { dir: resolve(e.BACKUP_DIR), intervalMs: e.BACKUP_INTERVAL_MINUTES * 60_000, keep: e.BACKUP_KEEP } : undefined,
    rateLimits: {
      write: e.RATE_LIMIT_WRITE,
      query: e.RATE_LIMIT_QUERY,
      external_query: e.RATE_LIMIT_EXTERNAL_QUERY,
      high_compute: e.RATE_LIMIT_HIGH_COMPUTE,
    },
  };
}
