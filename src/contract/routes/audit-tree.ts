import {
  AuditConsistencyProof,
  AuditConsistencyQuery,
  AuditEventParams,
  AuditInclusionProof,
  AuditInclusionProofs,
  AuditInclusionProofsRequest,
  AuditInclusionQuery,
  AuditTreeHead,
  AuditTreeHeadList,
  AuditTreeHeadsQuery,
  AuditTreeSizeParams,
} from '../audit-tree';
import { area, AUDIT_READERS, defineOperation } from './operation';

const tags = ['Administration (extension)'];
const auditLog = area({ tags, roles: AUDIT_READERS });

// The verifiable log (docs/audit-log.md): signed tree heads of the workspace's Merkle tree and proofs against them.
export const listAuditTreeHeads = auditLog.get('listAuditTreeHeads', '/v1/management/audit_logs/tree_heads', 'List the signed tree heads of the audit log', {
  description:
    'Latest first. A head is signed (Ed25519, key in /.well-known/jwks.json) within seconds of the log growing; every head is kept, so any earlier one can be checked against a later one.',
  query: AuditTreeHeadsQuery,
  200: ['A page of tree heads', AuditTreeHeadList],
});

export const getAuditTreeHead = auditLog.get('getAuditTreeHead', '/v1/management/audit_logs/tree_heads/{treeSize}', 'Get the signed tree head of a size', {
  description: 'A size never signed is not found.',
  params: AuditTreeSizeParams,
  200: ['The tree head', AuditTreeHead],
  errors: [404],
});

export const getAuditInclusionProof = auditLog.get(
  'getAuditInclusionProof',
  '/v1/management/audit_logs/{id}/inclusion_proof',
  'Prove that an event is in the log as it is now',
  {
    description:
      "The event's leaf as the log holds it, and the RFC 9162 audit path from it to a signed tree head's root (the latest unless `treeSize` names one). An event newer than the head, or not yet in any signed head, answers 409: the next head includes it within seconds.",
    params: AuditEventParams,
    query: AuditInclusionQuery,
    200: ['The proof', AuditInclusionProof],
    errors: [404, 409],
  },
);

// A read sent as POST (its ids do not fit in an address), so neither a write's rate nor an Idempotency-Key.
export const getAuditInclusionProofs = defineOperation({
  id: 'getAuditInclusionProofs',
  method: 'post',
  path: '/v1/management/audit_logs/inclusion_proofs',
  tags,
  summary: 'Prove that events are in the log, many at once',
  description:
    "For an export that carries its proofs: each event's leaf index and RFC 9162 audit path to the root of the signed tree head of `treeSize`, up to 500 events a request. An event after that head is answered with its leaf index and a null path (not yet provable against it), never left out. An id not in the workspace is 404; a size never signed is 404.",
  roles: AUDIT_READERS,
  rateCategory: 'query',
  body: AuditInclusionProofsRequest,
  responses: { 200: { description: 'The head and one proof per id, in the order asked', schema: AuditInclusionProofs } },
  errors: [404],
});

export const getAuditConsistencyProof = auditLog.get(
  'getAuditConsistencyProof',
  '/v1/management/audit_logs/consistency_proof',
  'Prove that an earlier tree head is a prefix of a later one',
  {
    description: 'Both sizes must be signed tree sizes, `first` at most `second`: the proof shows that nothing the first head covered was changed or removed.',
    query: AuditConsistencyQuery,
    200: ['Both heads and the proof', AuditConsistencyProof],
    errors: [404],
  },
);
