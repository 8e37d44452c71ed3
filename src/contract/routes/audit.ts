import { AuditChainVerification, AuditDimensions, AuditHistogram, AuditHistogramQuery, AuditLogQuery, AuditLogsResponse, AuditRangeQuery } from '../audit';
import { area, AUDIT_READERS } from './operation';

const auditLog = area({ tags: ['Administration (extension)'], roles: AUDIT_READERS });

export const getAuditLogs = auditLog.get('getAuditLogs', '/v1/management/audit_logs', 'Get audit logs', {
  tags: ['Administration'],
  description: 'Keyset-paginated on (timestamp, id); cursors are opaque, bound to the workspace and the query, and stable while events are added.',
  query: AuditLogQuery,
  200: ['Events', AuditLogsResponse],
});

export const getAuditDimensions = auditLog.get(
  'getAuditDimensions',
  '/v1/management/audit_logs/dimensions',
  'Distinct values of each filter dimension in a time range (for suggestions)',
  { description: 'Defaults to the last year.', query: AuditRangeQuery, 200: ['Values seen, at most 200 per dimension', AuditDimensions] },
);

// Re-hashes every event of the range: far heavier than a page of the log.
export const verifyAuditChain = auditLog.get(
  'verifyAuditChain',
  '/v1/management/audit_logs/verify',
  'Verify the hash chain of the audit log over a time range',
  {
    description: `Recomputes every event's hash and checks that it links to the previous event of the workspace, so an altered or removed event is found. Defaults to the last year.`,
    rateCategory: 'high_compute',
    query: AuditRangeQuery,
    200: ['The outcome', AuditChainVerification],
  },
);

export const getAuditHistogram = auditLog.get(
  'getAuditHistogram',
  '/v1/management/audit_logs/histogram',
  'How many events match the filters, per time bucket',
  {
    description:
      'The same range and filters as the audit log list (and `q`), counted per bucket of an automatic width; the counts add up to what the list pages through.',
    query: AuditHistogramQuery,
    200: ['Counts per bucket', AuditHistogram],
  },
);
