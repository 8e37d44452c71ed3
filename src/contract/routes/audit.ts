import { createRoute } from '@hono/zod-openapi';
import { AuditChainVerification, AuditDimensions, AuditHistogram, AuditHistogramQuery, AuditLogQuery, AuditLogsResponse, AuditRangeQuery } from '../audit';
import { SECURITY } from './common';
import { idempotencyHeaders, operation } from './operation';
import { errorResponses, GUARDED } from './responses';

export const getAuditLogs = createRoute({
  method: 'get',
  path: '/v1/management/audit_logs',
  tags: ['Administration'],
  summary: 'Get audit logs',
  ...operation(
    'getAuditLogs',
    'Keyset-paginated on (timestamp, id); cursors are opaque, bound to the workspace and the query, and stable while events are added.',
  ),
  security: SECURITY,
  request: { ...idempotencyHeaders('getAuditLogs'), query: AuditLogQuery },
  responses: {
    200: { description: 'Events', content: { 'application/json': { schema: AuditLogsResponse } } },
    ...errorResponses(...GUARDED),
  },
});

export const getAuditDimensions = createRoute({
  method: 'get',
  path: '/v1/management/audit_logs/dimensions',
  tags: ['Administration (extension)'],
  summary: 'Distinct values of each filter dimension in a time range (for suggestions)',
  ...operation('getAuditDimensions', 'Defaults to the last year.'),
  security: SECURITY,
  request: { ...idempotencyHeaders('getAuditDimensions'), query: AuditRangeQuery },
  responses: {
    200: { description: 'Values seen, at most 200 per dimension', content: { 'application/json': { schema: AuditDimensions } } },
    ...errorResponses(...GUARDED),
  },
});

export const verifyAuditChain = createRoute({
  method: 'get',
  path: '/v1/management/audit_logs/verify',
  tags: ['Administration (extension)'],
  summary: 'Verify the hash chain of the audit log over a time range',
  ...operation(
    'verifyAuditChain',
    `Recomputes every event's hash and checks that it links to the previous event of the workspace, so an altered or removed event is found. Defaults to the last year.`,
  ),
  security: SECURITY,
  request: { ...idempotencyHeaders('verifyAuditChain'), query: AuditRangeQuery },
  responses: {
    200: { description: 'The outcome', content: { 'application/json': { schema: AuditChainVerification } } },
    ...errorResponses(...GUARDED),
  },
});

export const getAuditHistogram = createRoute({
  method: 'get',
  path: '/v1/management/audit_logs/histogram',
  tags: ['Administration (extension)'],
  summary: 'How many events match the filters, per time bucket',
  ...operation(
    'getAuditHistogram',
    'The same range and filters as the audit log list (and `q`), counted per bucket of an automatic width; the counts add up to what the list pages through.',
  ),
  security: SECURITY,
  request: { ...idempotencyHeaders('getAuditHistogram'), query: AuditHistogramQuery },
  responses: {
    200: { description: 'Counts per bucket', content: { 'application/json': { schema: AuditHistogram } } },
    ...errorResponses(...GUARDED),
  },
});
