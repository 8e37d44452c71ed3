import type { TrmDirection, TrmStatus } from '../../../contract/travel-rule';

export const STATUS_LABELS: Record<TrmStatus, { label: string; color: string; meaning: string }> = {
  PENDING: { label: 'Pending', color: 'yellow', meaning: 'Waiting for information before the counterparty can decide.' },
  ACCEPTED: { label: 'Accepted', color: 'teal', meaning: 'The counterparty accepted the Travel Rule information.' },
  REJECTED: { label: 'Rejected', color: 'red', meaning: 'The counterparty refused the information it was sent.' },
  FAILED: { label: 'Failed', color: 'gray', meaning: 'The message could not be processed.' },
};

export const DIRECTION_LABELS: Record<TrmDirection, string> = { in: 'Inbound', out: 'Outbound' };
