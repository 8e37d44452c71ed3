import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Logger } from '../logger';
import { FailureLog } from '../failure-log';
import type { Db } from './db-type';

/**
 * Database notices (PostgreSQL LISTEN/NOTIFY): a write tells every instance that something changed,
 * delivered only when its transaction commits (and dropped when it rolls back), so a listener that
 * hears one can read the change. Notices are wake-up calls, not a queue: one can be lost (a listening
 * connection that drops), so whoever listens also looks at the database by itself now and then, and
 * is told to catch up whenever listening (re)starts. Payloads are small (an id or a kind, never
 * personal data: every instance's listener receives them).
 */

/** Every channel, named once, so that no two uses share one by accident (lower-case identifiers). */
export const CHANNELS = {
  /** A transaction was created: the transaction engines look for due steps. */
  transactions: 'transactions_due',
  /** An order was created: the order engines look for due steps. */
  orders: 'trading_orders_due',
  /** Webhook notifications became due (written, resent, released): the delivery workers look. */
  webhookOutbox: 'webhook_outbox_due',
  /** Live change notices were written (features/live): every instance's hub reads them for its streams (also sent by the live migration's audit-event trigger). */
  live: 'live_events_written',
  /** A console sign-in or an API user lost access (payload: accessEndedPayload): every instance ends its live streams at once. */
  accessEnded: 'access_ended',
  /** Audit events were appended (sent by the audit migration 0001's trigger): the Merkle tree workers extend the trees. */
  auditEvents: 'audit_events_appended',
} as const;

export type Channel = (typeof CHANNELS)[keyof typeof CHANNELS];

/** The SQL expression that sends a notice, for a statement that should send one as it writes (no extra round trip). */
export const noticeExpression = (channel: Channel, payload = '') => sql`pg_notify(${channel}, ${payload})`;

/**
 * Sends a notice from within the caller's transaction: listeners get it when that transaction
 * commits. PostgreSQL folds identical notices (channel and payload) of one transaction into one.
 */
export async function notify(tx: Db, channel: Channel, payload = ''): Promise<void> {
  await tx.execute(sql`select ${noticeExpression(channel, payload)}`);
}

/** Who lost access, as CHANNELS.accessEnded names them: a console sign-in by its session id, an API user by its id (no personal data). */
export const accessEndedPayload = (who: { session: string } | { apiUser: string }) => ('session' in who ? `session:${who.session}` : `apiUser:${who.apiUser}`);

export interface Subscriber {
  /** A notice arrived. */
  notice(payload: string): void;
  /** Listening (re)started: notices sent meanwhile may be lost, so look at the database now. */
  catchUp(): void;
}

/** One process's listener: one connection however many subscribers, dispatching by channel. */
export interface Notices {
  subscribe(channel: Channel, subscriber: Subscriber): () => void;
  close(): Promise<void>;
}

/** What the two engines' listeners share: the subscribers by channel, and calling them safely. */
abstract class Dispatcher implements Notices {
  protected readonly subscribers = new Map<Channel, Set<Subscriber>>();
  protected closed = false;

  constructor(protected readonly logger: Logger) {}

  subscribe(channel: Channel, subscriber: Subscriber): () => void {
    let set = this.subscribers.get(channel);
    if (!set) this.subscribers.set(channel, (set = new Set()));
    set.add(subscriber);
    this.listen(channel, subscriber);
    return () => {
      set.delete(subscriber);
    };
  }

  /** Makes sure `channel` is listened to, then tells `subscriber` to catch up. */
  protected abstract listen(channel: Channel, subscriber: Subscriber): void;

  abstract close(): Promise<void>;

  protected call(subscriber: Subscriber, what: 'notice' | 'catchUp', payload = '') {
    try {
      if (what === 'notice') subscriber.notice(payload);
      else subscriber.catchUp();
    } catch (err) {
      this.logger.error({ err }, 'a database notice subscriber failed');
    }
  }

  protected dispatch(channel: string, payload: string) {
    if (this.closed) return;
    for (const s of this.subscribers.get(channel as Channel) ?? []) this.call(s, 'notice', payload);
  }

  protected catchUpAll(channels: Iterable<Channel> = this.subscribers.keys()) {
    if (this.closed) return;
    for (const channel of channels) for (const s of this.subscribers.get(channel) ?? []) this.call(s, 'catchUp');
  }
}

/** The application name of the listening connection, so an operator can tell it in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'asset-ops-listener';
const RECONNECT_FIRST_MS = 100;
/**
 * At most this long between attempts: the listener is back within a second of a restarted server
 * accepting connections (one failed connection attempt a second while it is down costs nothing).
 */
const RECONNECT_MAX_MS = 1_000;

const quoted = (channel: Channel) => `"${channel.replaceAll('"', '""')}"`;

/**
 * On PostgreSQL: one dedicated connection outside the pool (a pooled connection would be handed to
 * other queries), opened at the first subscription. When it drops (a server restart, an
 * administrator ending it, the network) it reconnects with a growing delay, listens again and tells
 * every subscriber to catch up.
 */
export class PgNotices extends Dispatcher {
  private client: pg.Client | undefined;
  private connecting = false;
  private retryMs = RECONNECT_FIRST_MS;
  private retryTimer: NodeJS.Timeout | undefined;
  private readonly listened = new Set<Channel>();
  private readonly failures: FailureLog;

  constructor(
    private readonly connectionString: string,
    // node-postgres's client, given by db/postgres.ts: this module loads on PGlite too, where pg is not.
    private readonly Client: typeof pg.Client,
    logger: Logger,
  ) {
    super(logger);
    this.failures = new FailureLog(logger, 'the database notice listener lost its connection; reconnecting');
  }

  protected listen(channel: Channel, subscriber: Subscriber) {
    if (!this.client) {
      // Connecting listens to every channel and tells every subscriber to catch up.
      if (!this.connecting && !this.retryTimer) void this.connect();
      return;
    }
    if (this.listened.has(channel)) queueMicrotask(() => this.call(subscriber, 'catchUp'));
    else this.listenOn(this.client, channel);
  }

  private listenOn(client: pg.Client, channel: Channel) {
    client
      .query(`LISTEN ${quoted(channel)}`)
      .then(() => {
        if (this.client !== client) return;
        this.listened.add(channel);
        this.catchUpAll([channel]);
      })
      // The connection dropped meanwhile: reconnecting listens to this channel too.
      .catch(() => undefined);
  }

  private async connect() {
    if (this.closed) return;
    this.connecting = true;
    const client = new this.Client({ connectionString: this.connectionString, application_name: LISTENER_APPLICATION_NAME, keepAlive: true });
    // Without an error listener a dropped connection would throw in the process.
    client.on('error', () => undefined);
    client.on('notification', (message) => this.dispatch(message.channel, message.payload ?? ''));
    try {
      await client.connect();
      const channels = [...this.subscribers.keys()];
      for (const channel of channels) await client.query(`LISTEN ${quoted(channel)}`);
      if (this.closed) {
        await client.end();
        return;
      }
      client.on('end', () => this.dropped(client));
      this.client = client;
      this.listened.clear();
      channels.forEach((c) => this.listened.add(c));
      this.retryMs = RECONNECT_FIRST_MS;
      this.failures.succeeded('connection');
      this.catchUpAll(channels);
      // A channel first subscribed while connecting is listened to as well.
      for (const channel of this.subscribers.keys()) if (!this.listened.has(channel)) this.listenOn(client, channel);
    } catch (err) {
      await client.end().catch(() => undefined);
      this.failures.failed('connection', err);
      this.retry();
    } finally {
      this.connecting = false;
    }
  }

  private dropped(client: pg.Client) {
    if (this.client !== client) return;
    this.client = undefined;
    this.listened.clear();
    if (this.closed) return;
    this.failures.failed('connection', new Error('the listening connection ended'));
    this.retry();
  }

  private retry() {
    if (this.closed) return;
    const wait = this.retryMs;
    this.retryMs = Math.min(RECONNECT_MAX_MS, this.retryMs * 2);
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      void this.connect();
    }, wait);
  }

  async close() {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }
}

/**
 * On PGlite (one process owns the database): PGlite's own LISTEN, which delivers a notice when the
 * transaction that sent it commits, as PostgreSQL does. The connection cannot drop, so subscribers
 * catch up only once, when their channel is first listened to.
 */
export class PgliteNotices extends Dispatcher {
  private readonly listening = new Map<Channel, Promise<unknown>>();

  constructor(
    private readonly client: PGlite,
    logger: Logger,
  ) {
    super(logger);
  }

  protected listen(channel: Channel, subscriber: Subscriber) {
    let listening = this.listening.get(channel);
    if (!listening) {
      listening = this.client.listen(channel, (payload) => this.dispatch(channel, payload));
      this.listening.set(channel, listening);
    }
    listening.then(
      () => !this.closed && this.call(subscriber, 'catchUp'),
      (err: unknown) => this.logger.error({ err }, 'could not listen for database notices'),
    );
  }

  async close() {
    this.closed = true;
  }
}
