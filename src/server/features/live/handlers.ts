import type { OpenAPIHono } from '@hono/zod-openapi';
import { streamSSE, type SSEStreamingApi } from 'hono/streaming';
import { decodeJwt } from 'jose';
import { ERROR_CODES } from '../../../contract/errors';
import { LIVE_CURSOR, LIVE_EVENTS, type LiveKind } from '../../../contract/live-events';
import { mayPerform, type OperationId } from '../../../contract/operations';
import * as routes from '../../../contract/routes/live';
import { register } from '../../http/register';
import { stillAuthenticated } from '../auth/authenticate';
import { ApiError, badRequest } from '../../http/errors';
import type { AppDeps, AppEnv, Principal } from '../../http/types';
import { accessEndedPayload } from '../../db/notify';
import { isDatabaseUnavailable } from '../../db/unavailable';
import { ACCESS_TOKEN_TTL_MS } from '../auth/tokens';
import { liveHub, type LiveEvent, type LiveListener } from './hub';
import { StreamLeases } from './leases';

/** The read operation a role must be allowed to see a kind of notice: a stream tells no role more than its lists would. */
const LIVE_READS: Record<LiveKind, OperationId> = {
  transaction: 'listTransactions',
  order: 'listOrders',
  approval: 'listApprovalRequests',
  notification: 'listWebhookNotifications',
  webhook: 'listWebhooks',
  travelRule: 'listTravelRuleMessages',
  screening: 'getScreeningConfiguration',
  auditEvent: 'getAuditLogs',
};

/**
 * Also how often a stream checks that its sign-in still stands: a sign-out ends it at once through
 * the access-ended notice (hub.ts), and within this should that notice be lost.
 */
export const HEARTBEAT_MS = 15_000;
/** Notices waiting for a client that does not read; past this the stream ends and the client resumes with Last-Event-ID. */
const MAX_QUEUED = 1_000;

/** The claims of the bearer token that opened the stream (the guard has verified it), or none when it has none readable. */
function tokenClaims(authorization: string | undefined): ReturnType<typeof decodeJwt> {
  try {
    return decodeJwt(authorization?.replace(/^Bearer\s+/i, '') ?? '');
  } catch {
    return {};
  }
}

/** When the token expires: the stream ends then (a token without a readable exp gets the console's lifetime). */
function tokenExpiry(claims: ReturnType<typeof decodeJwt>, now: number): number {
  return typeof claims.exp === 'number' ? claims.exp * 1000 : now + ACCESS_TOKEN_TTL_MS;
}

/** What the stream's access stands on, as the access-ended notices name it: the console sign-in (its session), or the API user. */
function accessOf(principal: Principal, claims: ReturnType<typeof decodeJwt>): string {
  return principal.kind === 'API' ? accessEndedPayload({ apiUser: principal.id }) : accessEndedPayload({ session: String(claims.sid) });
}

/** One stream: its workspace and role filter, and its writes in order, one at a time. */
class Connection implements LiveListener {
  private buffer: LiveEvent[] | undefined = [];
  private writing: Promise<unknown> = Promise.resolve();
  private queued = 0;
  /** Once ended, nothing more is written, not even what was queued before (the access may have ended). */
  private over = false;
  readonly ended: Promise<void>;
  private resolveEnded!: () => void;

  constructor(
    private readonly stream: SSEStreamingApi,
    private readonly principal: Principal,
    readonly access: string,
  ) {
    this.ended = new Promise((resolve) => (this.resolveEnded = resolve));
  }

  end() {
    this.over = true;
    this.resolveEnded();
  }

  private accepts(event: LiveEvent) {
    return !this.over && event.workspaceId === this.principal.workspaceId && mayPerform(this.principal.role, LIVE_READS[event.notice.kind]);
  }

  /** From the hub: held back while the stream replays what it missed, since those come first. */
  deliver(event: LiveEvent) {
    if (!this.accepts(event)) return;
    if (this.buffer) this.buffer.push(event);
    else this.send(event);
  }

  /** A missed notice, replayed before any live one. */
  replay(event: LiveEvent) {
    if (this.accepts(event)) this.send(event);
  }

  /** Sends what arrived while the stream was replaying, then each notice as it comes. */
  goLive() {
    const buffered = this.buffer ?? [];
    this.buffer = undefined;
    buffered.forEach((event) => this.send(event));
  }

  private send(event: LiveEvent) {
    this.write(() => this.stream.write(event.frame));
  }

  write(what: () => Promise<unknown>) {
    if (this.queued >= MAX_QUEUED) return this.end();
    this.queued++;
    this.writing = this.writing
      .then(() => (this.over ? undefined : what()))
      .catch(() => this.end())
      .finally(() => this.queued--);
  }
}

export function registerLive(app: OpenAPIHono<AppEnv>, deps: AppDeps) {
  // One app is one instance: its own leases, renewed while its streams are open.
  const leases = new StreamLeases(deps.db, deps.logger);
  register(app, deps, routes.streamEvents, async (c) => {
    const lastEventId = c.req.valid('header')['last-event-id'];
    if (lastEventId !== undefined && !LIVE_CURSOR.test(lastEventId))
      throw badRequest('Last-Event-ID: expected an id this stream sent, <transaction>.<sequence>');
    const principal = c.get('principal');
    const claims = tokenClaims(c.req.header('Authorization'));
    const endsAt = tokenExpiry(claims, deps.now().getTime());
    const hub = liveHub(deps.db, deps.logger);
    await hub.start();
    const limit = deps.config.liveStreamsPerCaller;
    // Counted across every instance before the answer starts, so the refusal can still be a 429; released when the stream ends.
    const lease = await leases.take(`${principal.kind}:${principal.id}`, limit);
    if (lease === undefined)
      throw new ApiError(
        429,
        ERROR_CODES.tooManyRequests,
        `Too many open event streams: at most ${limit} per user, on all instances together; close one first (the console holds one per browser)`,
        {
          'Retry-After': String(HEARTBEAT_MS / 1000),
        },
      );
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (stream) => {
      const authorization = c.req.header('Authorization');
      const connection = new Connection(stream, principal, accessOf(principal, claims));
      stream.onAbort(() => connection.end());
      const head = hub.add(connection);
      // Each heartbeat first asks the database, as a new request would, whether the caller is still
      // signed in (and enabled, with the same role): the access-ended notice ends the stream at once,
      // and this still does should that notice be lost, or for a change that sends none (a new role).
      // A database that is away (a restart) cannot answer: the access stood at the last beat, and no
      // change can be written meanwhile, so the stream stays open and the next beat asks again (the
      // hub catches up on what was written once the database is back).
      const heartbeat = setInterval(
        () =>
          connection.write(async () => {
            const still = await stillAuthenticated(deps, principal, authorization).catch((error: unknown) => {
              if (isDatabaseUnavailable(error)) return 'unknown';
              throw error;
            });
            if (still) await stream.write(': keep-alive\n\n');
            else connection.end();
          }),
        HEARTBEAT_MS,
      );
      const expiry = setTimeout(() => connection.end(), Math.max(0, endsAt - deps.now().getTime()));
      try {
        // Listening now: an access that ended between the guard's check and here is caught by asking once more.
        if (!(await stillAuthenticated(deps, principal, authorization))) connection.end();
        if (lastEventId !== undefined) {
          if (await hub.keeps(lastEventId)) {
            for await (const event of hub.between(principal.workspaceId, lastEventId, head)) connection.replay(event);
          } else {
            connection.write(() => stream.writeSSE({ event: LIVE_EVENTS.reset, id: head, data: '{}' }));
          }
        }
        // Everything up to `head` is sent; the notices after it came in meanwhile and follow in order.
        connection.write(() => stream.writeSSE({ event: LIVE_EVENTS.ready, id: head, data: '{}' }));
        connection.goLive();
        await connection.ended;
      } finally {
        clearInterval(heartbeat);
        clearTimeout(expiry);
        hub.remove(connection);
        await leases.release(lease);
      }
    });
  });
}
