import { AuditChainVerification, AuditDimensions, AuditHistogram, AuditHistogramQuery, AuditLogQuery, AuditLogsResponse, AuditRangeQuery } from '../audit';
import { area, AUDIT_READERS } from './operation';

const auditLog = area({ tags: ['Administration (extension)'], roles: AUDIT_READERS });

export const getAuditLogs = auditLog.read({
  id: 'getAuditLogs',
  path: '/v1/management/audit_logs',
  tags: ['Administration'],
  summary: 'Get audit logs',
  description: 'Keyset-paginated on (timestamp, id); cursors are opaque, bound to the workspace and the query, and stable while events are added.',
  query: AuditLogQuery,
  responses: { 200: { description: 'Events', schema: AuditLogsResponse } },
});

export const getAuditDimensions = auditLog.read({
  id: 'getAuditDimensions',
  path: '/v1/management/audit_logs/dimensions',
  summary: 'Distinct values of each filter dimension in a time range (for suggestions)',
  description: 'Defaults to the last year.',
  query: AuditRangeQuery,
  responses: { 200: { description: 'Values seen, at most 200 per dimension', schema: AuditDimensions } },
});

// Re-hashes every event of the range: far heavier than a page of the log.
export const verifyAuditChain = auditLog.read({
  id: 'verifyAuditChain',
  path: '/v1/management/audit_logs/verify',
  summary: 'Verify the hash chain of the audit log over a time range',
  description: `Recomputes every event's hash and checks that it links to the previous event of the workspace, so an altered or removed event is found. Defaults to the last year.`,
  rateCategory: 'high_compute',
  query: AuditRangeQuery,
  responses: { 200: { description: 'The outcome', schema: AuditChainVerification } },
});

export const getAuditHistogram = auditLog.read({
  id: 'getAuditHistogram',
  path: '/v1/management/audit_logs/histogram',
  summary: 'How many events match the filters, per time bucket',
  description:
    'The same range and filters as the audit log list (and `q`), counted per bucket of an automatic width; the counts add up to what the list pages through.',
  query: AuditHistogramQuery,
  responses: { 200: { description: 'Counts per bucket', schema: AuditHistogram } },
});
