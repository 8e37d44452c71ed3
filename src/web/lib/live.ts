import { hashKey, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { LIVE_EVENTS, type LiveKind, type LiveNoticeBody } from '../../contract/live-events';
import { adminKeys, complianceKeys, homeKeys, tradingKeys, transactionKeys, vaultAccountKeys, webhookKeys } from './query-keys';
import { streamEvents } from '../../contract/routes/live';
import { isApiError } from './api-client';
import type { Session } from './session';

/**
 * The console's live updates: one stream (streamEvents) per signed-in browser, read with
 * fetch rather than EventSource, because EventSource cannot send the bearer token and the token
 * lives only in memory (a cookie or a token in the URL would be the alternatives: the first is sent
 * on every request of the origin, the second lands in logs). Each notice invalidates the queries of
 * its kind, so what is on screen refetches within COALESCE_MS; the pages poll only while the stream is down.
 */

/** `full`: down because the service refused the stream (429): this user holds as many as it allows, in other browsers. */
type LiveStatus = 'connecting' | 'live' | 'down' | 'full';

/** What each kind of notice makes stale: its area's root, the home's glances at it, and balances a final transaction moved. */
const STALE: Record<LiveKind, readonly QueryKey[]> = {
  transaction: [transactionKeys.all, homeKeys.summary, homeKeys.transfers],
  order: [tradingKeys.orders, homeKeys.summary, homeKeys.orders],
  approval: [adminKeys.all, homeKeys.summary, homeKeys.decidedApprovals],
  notification: [webhookKeys.all, homeKeys.summary],
  // The home's failed-notifications tile names webhooks (and drops a deleted one).
  webhook: [webhookKeys.all, homeKeys.summary],
  travelRule: [complianceKeys.travelRuleMessages, homeKeys.summary],
  screening: [complianceKeys.screening],
  // Nothing goes stale: the audit explorer's live tail listens for these itself (onLiveNotice), while it is on.
  auditEvent: [],
};
/** A transaction or an order reaching one of these moved balances. */
const SETTLED = new Set(['COMPLETED', 'FAILED', 'CANCELLED', 'CANCELED', 'REJECTED', 'BLOCKED']);
/** Every area a notice can make stale: after a reset or a reconnection, all of it refetches. */
const EVERYTHING: readonly QueryKey[] = [...new Set(Object.values(STALE).flat()), vaultAccountKeys.all];

/**
 * How long the invalidations of notices gather before each distinct query is invalidated once: a
 * burst (a webhook backlog sends a notice per delivery step to every console) refetches each query
 * once, and a lone notice refetches at most this late.
 */
export const COALESCE_MS = 250;

const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 15_000;
/** The server sends a comment every 15 s; two missed in a row mean the connection is gone. */
const SILENCE_MS = 35_000;

let status: LiveStatus = 'connecting';
const listeners = new Set<() => void>();

function setStatus(next: LiveStatus) {
  if (status === next) return;
  status = next;
  listeners.forEach((listener) => listener());
}

/** The stream's state, for `useSyncExternalStore` (the header's indicator). */
export const liveStatus = {
  get: (): LiveStatus => status,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/**
 * A poll interval that applies only while the stream is down: with the stream up, notices refresh
 * the query instead. Pages keep their own interval as the fallback.
 */
export const whileStreamDown = (ms: number | false): number | false => (status === 'live' ? false : ms);

function invalidate(queryClient: QueryClient, keys: readonly QueryKey[]) {
  for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
}

/**
 * Invalidations gathered for COALESCE_MS from the first one that finds none waiting (a window that
 * later notices do not extend), then each distinct key invalidated once: the last notice of a burst
 * always falls in a window, so nothing it made stale is left out.
 */
function coalescedInvalidation(queryClient: QueryClient) {
  const waiting = new Map<string, QueryKey>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    const keys = [...waiting.values()];
    waiting.clear();
    invalidate(queryClient, keys);
  };
  return {
    add(keys: readonly QueryKey[]) {
      if (keys.length === 0) return;
      for (const queryKey of keys) waiting.set(hashKey(queryKey), queryKey);
      timer ??= setTimeout(flush, COALESCE_MS);
    },
    /** Forgets what waits: everything is being invalidated at once, or the stream is stopping. */
    drop() {
      clearTimeout(timer);
      timer = undefined;
      waiting.clear();
    },
  };
}

type Invalidation = ReturnType<typeof coalescedInvalidation>;

/** Everything at once: it covers whatever notices left waiting. */
function refetchEverything(stale: Invalidation, queryClient: QueryClient) {
  stale.drop();
  invalidate(queryClient, EVERYTHING);
}

const noticeListeners = new Set<(notice: LiveNoticeBody) => void>();

/** Hears every notice the stream brings, for a page that does more with one than refetch (the audit live tail). Answers a function that stops it. */
export function onLiveNotice(listener: (notice: LiveNoticeBody) => void): () => void {
  noticeListeners.add(listener);
  return () => noticeListeners.delete(listener);
}

function onNotice(stale: Invalidation, notice: LiveNoticeBody) {
  noticeListeners.forEach((listener) => listener(notice));
  const keys = STALE[notice.kind];
  if (!keys) return;
  stale.add((notice.kind === 'transaction' || notice.kind === 'order') && notice.status && SETTLED.has(notice.status) ? [...keys, vaultAccountKeys.all] : keys);
}

/** Reads server-sent events off a response body: each event's name, id and data. */
async function* events(body: ReadableStream<Uint8Array>, signal: AbortSignal) {
  const reader = body.getReader();
  signal.addEventListener('abort', () => void reader.cancel().catch(() => undefined), { once: true });
  const decoder = new TextDecoder();
  let text = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    text += decoder.decode(value, { stream: true }).replaceAll('\r\n', '\n');
    let end: number;
    while ((end = text.indexOf('\n\n')) >= 0) {
      const frame = text.slice(0, end);
      text = text.slice(end + 2);
      const fields: Record<string, string> = {};
      for (const line of frame.split('\n')) {
        const colon = line.indexOf(':');
        if (colon <= 0) continue; // a comment (the heartbeat) or a bare field
        fields[line.slice(0, colon)] = line.slice(colon + 1).replace(/^ /, '');
      }
      yield fields;
    }
  }
}

/** What the tab holding the stream tells the user's other tabs, each with the stream's position then. */
type Relayed =
  | { type: 'notice'; notice: LiveNoticeBody; id?: string }
  | { type: 'everything'; id?: string }
  | { type: 'status'; status: LiveStatus; id?: string }
  /** A tab that opens asks the holder for its status and position. */
  | { type: 'hello' };

/**
 * The election over the channel, where Web Locks are missing: `probe` asks who holds the stream,
 * `holder` answers it (and announces a new holder), `claim` bids to hold it, `bye` says the holder
 * leaves. Each tab names itself with a random id; where two bid or hold at once, the lower id wins.
 */
type Election = { type: 'probe' } | { type: 'holder'; tab: string } | { type: 'claim'; tab: string } | { type: 'bye'; tab: string };

type Message = Relayed | Election;

interface HeldStream {
  stop(): void;
  /** The id of the last event received, to resume from. */
  position(): string | undefined;
}

/** How long a tab waits for an answer to its probe or for a lower bid to its claim before it goes on. */
const ELECTION_WAIT_MS = 200;
/** How often a tab that does not hold the stream checks that its holder still answers (one that closed says bye at once; this catches one that crashed). */
const HOLDER_CHECK_MS = 2_000;

/**
 * One stream per browser without Web Locks (an insecure origin: plain http to a host other than
 * localhost): the tabs elect a holder over the BroadcastChannel. A tab that finds no holder (its
 * probe unanswered) claims the stream and holds it unless a holder answers or a lower id bids
 * meanwhile; a holder that hears another holder with a lower id gives the stream up, so two that
 * won at once end as one. The others probe every HOLDER_CHECK_MS and elect again when the holder
 * says bye or stops answering. `take` and `give` start and stop holding the stream in this tab.
 */
function electOverChannel(channel: BroadcastChannel, take: () => void, give: () => void) {
  // crypto.randomUUID, like Web Locks, exists only in secure contexts; getRandomValues everywhere.
  const tab = Array.from(crypto.getRandomValues(new Uint32Array(4)), (n) => n.toString(16).padStart(8, '0')).join('');
  let holding = false;
  let holderSeen = false;
  let claiming: ReturnType<typeof setTimeout> | undefined;
  let checking: ReturnType<typeof setTimeout> | undefined;
  let left = false;
  const post = (message: Election) => channel.postMessage(message satisfies Message);

  const become = () => {
    claiming = undefined;
    holding = true;
    post({ type: 'holder', tab });
    take();
  };
  const claim = () => {
    if (holding || claiming || left) return;
    post({ type: 'claim', tab });
    claiming = setTimeout(become, ELECTION_WAIT_MS);
  };
  const backOff = () => {
    clearTimeout(claiming);
    claiming = undefined;
  };
  /** Probes, and claims the stream when no holder answers in time; then checks again later. */
  const check = () => {
    checking = undefined;
    if (holding || left) return;
    holderSeen = false;
    post({ type: 'probe' });
    checking = setTimeout(() => {
      if (!holderSeen) claim();
      checking = setTimeout(check, HOLDER_CHECK_MS);
    }, ELECTION_WAIT_MS);
  };

  return {
    /** Finds the holder, or becomes it; again after leave(), for a page restored from the back-forward cache. */
    start() {
      left = false;
      check();
    },
    /** Handles an election message; false for any other. */
    hears(message: Message): boolean {
      switch (message.type) {
        case 'probe':
          if (holding) post({ type: 'holder', tab });
          return true;
        case 'claim':
          if (holding) post({ type: 'holder', tab });
          else if (message.tab < tab) backOff();
          return true;
        case 'holder':
          holderSeen = true;
          backOff();
          if (holding && message.tab < tab) {
            holding = false;
            give();
            checking = setTimeout(check, HOLDER_CHECK_MS);
          } else if (holding) post({ type: 'holder', tab });
          return true;
        case 'bye':
          if (!holding) {
            clearTimeout(checking);
            holderSeen = false;
            claim();
            checking = setTimeout(check, HOLDER_CHECK_MS);
          }
          return true;
        default:
          return false;
      }
    },
    /** This tab stops: another takes over at once. */
    leave() {
      left = true;
      clearTimeout(claiming);
      clearTimeout(checking);
      if (holding) post({ type: 'bye', tab });
      holding = false;
    },
  };
}

/**
 * Live updates for a signed-in tab. A browser keeps at most six HTTP/1.1 connections per origin, and
 * a stream holds one for as long as it is open, so a stream per tab stalled every request of the
 * seventh tab. The tabs of one user therefore share one stream: the tab holding a Web Lock named for
 * the user holds the stream and relays each notice, its status and its position to the others over a
 * BroadcastChannel; when it closes, the browser hands the lock to another tab, which resumes from the
 * last position relayed (the server replays what was missed). Browsers withhold Web Locks on an
 * insecure origin, and there the tabs elect the holder over the channel instead (electOverChannel).
 * Where BroadcastChannel too is missing, each tab holds its own stream. Answers a function that stops it.
 */
export function connectLive(session: Session, queryClient: QueryClient): () => void {
  const state = session.getSnapshot();
  const locks = globalThis.navigator?.locks as LockManager | undefined;
  if (state.status !== 'signed-in' || typeof BroadcastChannel === 'undefined') return holdStream(session, queryClient).stop;
  const name = `asset-ops-live:${state.user.workspaceId}:${state.user.id}`;
  const stopped = new AbortController();
  const channel = new BroadcastChannel(name);
  const stale = coalescedInvalidation(queryClient);
  let lastEventId: string | undefined;
  let held: HeldStream | undefined;
  const take = () => {
    stale.drop();
    held = holdStream(session, queryClient, channel, lastEventId);
  };
  const give = () => {
    lastEventId = held?.position() ?? lastEventId;
    held?.stop();
    held = undefined;
    // The status is the holder's again.
    channel.postMessage({ type: 'hello' } satisfies Message);
  };
  const election = locks ? undefined : electOverChannel(channel, take, give);
  channel.onmessage = ({ data }: MessageEvent<Message>) => {
    if (election?.hears(data)) return;
    if (data.type === 'hello') {
      if (held) channel.postMessage({ type: 'status', status, id: held.position() } satisfies Message);
      return;
    }
    if (held || !('id' in data)) return;
    if (data.id) lastEventId = data.id;
    if (data.type === 'notice') onNotice(stale, data.notice);
    else if (data.type === 'everything') refetchEverything(stale, queryClient);
    else if (data.type === 'status') setStatus(data.status);
  };
  channel.postMessage({ type: 'hello' } satisfies Message);
  if (election) election.start();
  else
    locks!
      .request(name, { signal: stopped.signal }, async () => {
        take();
        // Held until this tab stops (or closes, which releases it too).
        await new Promise((resolve) => stopped.signal.addEventListener('abort', resolve, { once: true }));
      })
      // Stopped while another tab held it.
      .catch(() => undefined);
  // A tab closing runs no cleanup: as the page goes, its holder says bye, so another takes over at
  // once; a page restored from the back-forward cache joins the election again.
  const hide = () => {
    election?.leave();
    if (election) give();
  };
  const show = (event: PageTransitionEvent) => event.persisted && election?.start();
  globalThis.addEventListener?.('pagehide', hide);
  globalThis.addEventListener?.('pageshow', show);
  return () => {
    globalThis.removeEventListener?.('pagehide', hide);
    globalThis.removeEventListener?.('pageshow', show);
    stopped.abort();
    election?.leave();
    held?.stop();
    channel.close();
    stale.drop();
    setStatus('connecting');
  };
}

/**
 * Holds the stream: reconnects with a growing delay and `Last-Event-ID` (the server replays what was
 * missed within its window, or says reset), and refetches what is on screen whenever it
 * (re)connects, since notices may have been missed while it was down. With `relay`, tells the
 * user's other tabs everything it does; `from` is where a tab that took the stream over resumes.
 */
function holdStream(session: Session, queryClient: QueryClient, relay?: BroadcastChannel, from?: string): HeldStream {
  const stopped = new AbortController();
  let lastEventId = from;
  let retryMs = RETRY_FIRST_MS;
  const stale = coalescedInvalidation(queryClient);
  const tell = (message: Relayed) => relay?.postMessage({ ...message, id: lastEventId });
  const announce = (next: LiveStatus) => {
    setStatus(next);
    tell({ type: 'status', status: next });
  };
  const invalidateEverything = () => {
    refetchEverything(stale, queryClient);
    tell({ type: 'everything' });
  };

  /**
   * One connection, until it ends: `up` when it was (its `ready` came), so a reconnection may follow
   * at once; `full` when the service refused it for the user's other streams.
   */
  async function once(): Promise<'up' | 'full' | 'failed'> {
    let wasUp = false;
    const attempt = new AbortController();
    const abort = () => attempt.abort();
    stopped.signal.addEventListener('abort', abort, { once: true });
    let silence = setTimeout(abort, SILENCE_MS);
    try {
      const response = await session.api.open(streamEvents.path, {
        signal: attempt.signal,
        headers: { Accept: 'text/event-stream', ...(lastEventId ? { 'Last-Event-ID': lastEventId } : {}) },
      });
      for await (const event of events(response.body!, attempt.signal)) {
        clearTimeout(silence);
        silence = setTimeout(abort, SILENCE_MS);
        if (event.id) lastEventId = event.id;
        if (event.event === LIVE_EVENTS.notice && event.data) {
          const notice = JSON.parse(event.data) as LiveNoticeBody;
          onNotice(stale, notice);
          tell({ type: 'notice', notice });
        } else if (event.event === LIVE_EVENTS.reset) invalidateEverything();
        else if (event.event === LIVE_EVENTS.ready) {
          // What was missed since `lastEventId` was replayed before it; polling pages stop at their next answer.
          wasUp = true;
          retryMs = RETRY_FIRST_MS;
          announce('live');
        }
      }
      return wasUp ? 'up' : 'failed';
    } catch (error) {
      return isApiError(error) && error.status === 429 ? 'full' : 'failed';
    } finally {
      clearTimeout(silence);
      stopped.signal.removeEventListener('abort', abort);
    }
  }

  void (async () => {
    while (!stopped.signal.aborted) {
      // A stream the server ended (its token expired, the instance stopping) is reopened at once, still counted as up.
      const ended = await once();
      if (ended === 'up') continue;
      if (stopped.signal.aborted) return;
      const wasLive = status === 'live';
      announce(ended === 'full' ? 'full' : 'down');
      // The pages poll again: their intervals are read again when their queries next settle.
      if (wasLive) invalidateEverything();
      await new Promise((resolve) => setTimeout(resolve, retryMs));
      retryMs = Math.min(RETRY_MAX_MS, retryMs * 2);
    }
  })();

  return {
    stop() {
      stopped.abort();
      stale.drop();
      setStatus('connecting');
    },
    position: () => lastEventId,
  };
}
