/**
 * Live updates (extension): `GET /v1/events/stream` sends server-sent events that say what changed,
 * never what it now holds: a kind, the object's id, its new status where it has one, and when. The
 * console refetches what it shows of that object; a notice carries no personal data.
 * (No zod here: the console's shell reads these names, and zod loads only with a page that checks an answer.)
 */

/** What a notice is about; each kind is sent only to roles that may read it (LIVE_READS on the server). */
export const LIVE_KINDS = ['transaction', 'order', 'approval', 'notification', 'webhook', 'travelRule', 'screening', 'auditEvent'] as const;
export type LiveKind = (typeof LIVE_KINDS)[number];

/** One notice, the data of a `notice` event (its schema is LiveNotice in live.ts). */
export interface LiveNoticeBody {
  kind: LiveKind;
  id: string;
  status?: string;
  at: string;
}

/**
 * The stream's event names besides `notice`: `ready` opens every stream (its id is where a
 * reconnection resumes from, even when nothing has happened yet), and `reset` says that what was
 * missed is no longer kept, so the console refetches everything it shows.
 */
export const LIVE_EVENTS = { notice: 'notice', ready: 'ready', reset: 'reset' } as const;

/** The position of an event in the stream, as its SSE id and in Last-Event-ID: `<transaction>.<sequence>`. */
export const LIVE_CURSOR = /^(\d{1,20})\.(\d{1,20})$/;
