import { AuditChainVerification, AuditDimensions, AuditHistogram, AuditHistogramQuery, AuditLogQuery, AuditLogsResponse, AuditRangeQuery } from '../audit';
import { defineOperation, AUDIT_READERS } from './operation';

export const getAuditLogs = defineOperation({
  id: 'getAuditLogs',
  method: 'get',
  path: '/v1/management/audit_logs',
  tags: ['Administration'],
  summary: 'Get audit logs',
  description: 'Keyset-paginated on (timestamp, id); cursors are opaque, bound to the workspace and the query, and stable while events are added.',
  roles: AUDIT_READERS,
  rateCategory: 'query',
  query: AuditLogQuery,
  responses: { 200: { description: 'Events', schema: AuditLogsResponse } },
});

export const getAuditDimensions = defineOperation({
  id: 'getAuditDimensions',
  method: 'get',
  path: '/v1/management/audit_logs/dimensions',
  tags: ['Administration (extension)'],
  summary: 'Distinct values of each filter dimension in a time range (for suggestions)',
  description: 'Defaults to the last year.',
  roles: AUDIT_READERS,
  rateCategory: 'query',
  query: AuditRangeQuery,
  responses: { 200: { description: 'Values seen, at most 200 per dimension', schema: AuditDimensions } },
});

// Re-hashes every event of the range: far heavier than a page of the log.
export const verifyAuditChain = defineOperation({
  id: 'verifyAuditChain',
  method: 'get',
  path: '/v1/management/audit_logs/verify',
  tags: ['Administration (extension)'],
  summary: 'Verify the hash chain of the audit log over a time range',
  description: `Recomputes every event's hash and checks that it links to the previous event of the workspace, so an altered or removed event is found. Defaults to the last year.`,
  roles: AUDIT_READERS,
  rateCategory: 'high_compute',
  query: AuditRangeQuery,
  responses: { 200: { description: 'The outcome', schema: AuditChainVerification } },
});

export const getAuditHistogram = defineOperation({
  id: 'getAuditHistogram',
  method: 'get',
  path: '/v1/management/audit_logs/histogram',
  tags: ['Administration (extension)'],
  summary: 'How many events match the filters, per time bucket',
  description:
    'The same range and filters as the audit log list (and `q`), counted per bucket of an automatic width; the counts add up to what the list pages through.',
  roles: AUDIT_READERS,
  rateCategory: 'query',
  query: AuditHistogramQuery,
  responses: { 200: { description: 'Counts per bucket', schema: AuditHistogram } },
});
