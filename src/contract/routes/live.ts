import { z } from 'zod';
import { LiveNotice } from '../live';
import { area } from './operation';

const live = area({ tags: ['Console (extension)'], roles: 'any' });

// Live updates (extension): any role; each notice reaches only the roles that may perform the read
// operation of its kind (LIVE_READS in server/features/live).
export const streamEvents = live.get('streamEvents', '/v1/events/stream', 'Live change notices, as server-sent events (extension)', {
  description: [
    'A `text/event-stream` of small notices about changes in the caller’s workspace, each sent only to roles that may read its kind: transactions (listTransactions), orders (listOrders), approval requests (listApprovalRequests), webhook notifications (listWebhookNotifications: queued, each attempt, held, resent), webhooks (listWebhooks: registered, changed, deleted), Travel Rule messages (listTravelRuleMessages), screening configuration (getScreeningConfiguration), new audit events (getAuditLogs: the newest event id of each write, for the console to fetch what it may show).',
    'Events: `ready` first (its id is the position to resume from), then `notice` with a JSON body `{kind, id, status?, at}`; a comment line every 15 s keeps proxies from closing an idle stream.',
    'Reconnect with `Last-Event-ID` (the last id received) to get what was missed: events are kept for 5 minutes; past that the stream starts with `reset`, meaning refetch everything shown.',
    'A stream ends when the token that opened it expires, and at once when its sign-in is signed out or revoked or its API user disabled; reconnect with a fresh one.',
    'One user may hold a limited number of streams open, on all instances together (`LIVE_STREAMS_PER_CALLER`, 20 by default: the console holds one per browser, shared by its tabs); past it the stream is refused with 429 and `Retry-After`.',
  ].join(' '),
  headers: z.object({
    'last-event-id': z.string().optional().meta({ description: 'The id of the last event received, `<transaction>.<sequence>`.' }),
  }),
  200: { description: 'The stream: `event: notice` lines carry one LiveNotice each as their data.', schema: LiveNotice, contentType: 'text/event-stream' },
});
