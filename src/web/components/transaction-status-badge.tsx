import type { TransactionStatus } from '../../contract/transactions';
import { StatusDot, type StatusLook } from './status-dot';

/** Each transaction status in words and its colour, wherever a transaction is shown (its lists, a vault account, the palette). */
export const TRANSACTION_STATUS_LABELS: Record<TransactionStatus, StatusLook> = {
  SUBMITTED: { label: 'Submitted', color: 'blue' },
  PENDING_AML_SCREENING: { label: 'AML screening', color: 'blue' },
  PENDING_ENRICHMENT: { label: 'Enrichment', color: 'blue' },
  PENDING_AUTHORIZATION: { label: 'Authorization', color: 'blue' },
  QUEUED: { label: 'Queued', color: 'blue' },
  PENDING_SIGNATURE: { label: 'Signing', color: 'blue' },
  PENDING_3RD_PARTY_MANUAL_APPROVAL: { label: 'Third-party approval', color: 'yellow' },
  PENDING_3RD_PARTY: { label: 'Third party', color: 'yellow' },
  BROADCASTING: { label: 'Broadcasting', color: 'indigo' },
  CONFIRMING: { label: 'Confirming', color: 'indigo' },
  COMPLETED: { label: 'Completed', color: 'teal' },
  CANCELLING: { label: 'Cancelling', color: 'gray' },
  CANCELLED: { label: 'Cancelled', color: 'gray' },
  BLOCKED: { label: 'Blocked', color: 'red' },
  REJECTED: { label: 'Rejected', color: 'red' },
  FAILED: { label: 'Failed', color: 'red' },
};

export function TransactionStatusBadge({ status }: { status: TransactionStatus }) {
  return <StatusDot status={status} looks={TRANSACTION_STATUS_LABELS} />;
}
