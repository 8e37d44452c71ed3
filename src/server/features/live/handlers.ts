import type { OpenAPIHono } from '@hono/zod-openapi';
import { streamSSE, type SSEStreamingApi } from 'hono/streaming';
import { decodeJwt } from 'jose';
import { ERROR_CODES } from '../../../contract/errors';
import { LIVE_CURSOR, LIVE_EVENTS, type LiveKind } from '../../../contract/live-events';
import { mayPerform, type OperationId } from '../../../contract/operations';
import * as routes from '../../../contract/routes/live';
import { guard, stillAuthenticated } from '../../http/authenticate';
import { ApiError, badRequest } from '../../http/errors';
import type { AppDeps, AppEnv, Principal } from '../../http/types';
import { ACCESS_TOKEN_TTL_MS } from '../auth/tokens';
import { liveHub, type LiveEvent, type LiveListener } from './hub';

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

/** Also how often a stream checks that its sign-in still stands: a sign-out ends it within this, on every instance. */
export const HEARTBEAT_MS = 15_000;
/** Notices waiting for a client that does not read; past this the stream ends and the client resumes with Last-Event-ID. */
const MAX_QUEUED = 1_000;

/** When the bearer token that opened the stream expires (the guard has verified it): the stream ends then. */
function tokenExpiry(authorization: string | undefined, now: number): number {
  try {
    const exp = decodeJwt(authorization?.replace(/^Bearer\s+/i, '') ?? '').exp;
    if (typeof exp === 'number') return exp * 1000;
  } catch {
    // Verified already by the guard; a token without a readable exp gets the console's lifetime.
  }
  return now + ACCESS_TOKEN_TTL_MS;
}

/** One stream: its workspace and role filter, and its writes in order, one at a time. */
class Connection implements LiveListener {
  private buffer: LiveEvent[] | undefined = [];
  private writing: Promise<unknown> = Promise.resolve();
  private queued = 0;
  readonly ended: Promise<void>;
  end!: () => void;

  constructor(
    private readonly stream: SSEStreamingApi,
    private readonly principal: Principal,
  ) {
    this.ended = new Promise((resolve) => (this.end = resolve));
  }

  private accepts(event: LiveEvent) {
    return event.workspaceId === this.principal.workspaceId && mayPerform(this.principal.role, LIVE_READS[event.notice.kind]);
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
      .then(what)
      .catch(() => this.end())
      .finally(() => this.queued--);
  }
}

export function registerLive(app: OpenAPIHono<AppEnv>, deps: AppDeps) {
  app.openapi({ ...routes.streamEvents, middleware: guard(deps, 'streamEvents') }, async (c) => {
    const lastEventId = c.req.valid('header')['last-event-id'];
    if (lastEventId !== undefined && !LIVE_CURSOR.test(lastEventId))
      throw badRequest('Last-Event-ID: expected an id this stream sent, <transaction>.<sequence>');
    const principal = c.get('principal');
    const endsAt = tokenExpiry(c.req.header('Authorization'), deps.now().getTime());
    const hub = liveHub(deps.db, deps.logger);
    await hub.start();
    const limit = deps.config.liveStreamsPerCaller;
    // Counted before the answer starts, so the refusal can still be a 429; released when the stream ends.
    if (!hub.reserve(principal.id, limit))
      throw new ApiError(
        429,
        ERROR_CODES.tooManyRequests,
        `Too many open event streams: at most ${limit} per user on one instance; close one first (the console holds one per browser)`,
        {
          'Retry-After': String(HEARTBEAT_MS / 1000),
        },
      );
    c.header('X-Accel-Buffering', 'no');
    return streamSSE(c, async (stream) => {
      const connection = new Connection(stream, principal);
      stream.onAbort(() => connection.end());
      const head = hub.add(connection);
      const authorization = c.req.header('Authorization');
      // Each heartbeat first asks the database, as a new request would, whether the caller is still
      // signed in (and enabled, with the same role): a sign-out or a disabled user ends the stream.
      const heartbeat = setInterval(
        () =>
          connection.write(async () => {
            if (await stillAuthenticated(deps, principal, authorization)) await stream.write(': keep-alive\n\n');
            else connection.end();
          }),
        HEARTBEAT_MS,
      );
      const expiry = setTimeout(() => connection.end(), Math.max(0, endsAt - deps.now().getTime()));
      try {
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
        hub.release(principal.id);
      }
    });
  });
}
