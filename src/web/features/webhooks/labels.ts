import type { MantineColor } from '@mantine/core';
import type { NotificationStatus, Webhook, WebhookEvent } from '../../../contract/webhooks';

export const EVENT_LABELS: Record<WebhookEvent, { label: string; description: string }> = {
  'transaction.created': { label: 'Transaction created', description: 'A transfer or settlement was submitted.' },
  'transaction.status.updated': { label: 'Transaction status updated', description: 'Every change of status or sub-status.' },
  'transaction.approval_status.updated': { label: 'Approval status updated', description: 'A transaction was approved or rejected by its approvers.' },
  'transaction.network_records.processing_completed': {
    label: 'Network records processed',
    description: 'The on-chain records of a transaction are complete.',
  },
  'transaction.alert.stuck': { label: 'Transaction stuck', description: 'A transaction has not moved for longer than expected.' },
};

export const NOTIFICATION_STATUS_LABELS: Record<NotificationStatus, { label: string; color: MantineColor }> = {
  COMPLETED: { label: 'Delivered', color: 'teal' },
  FAILED: { label: 'Failed', color: 'red' },
  IN_PROGRESS: { label: 'In progress', color: 'blue' },
  ON_HOLD: { label: 'On hold', color: 'gray' },
};

export const WEBHOOK_STATUS_LABELS: Record<Webhook['status'], { label: string; color: MantineColor }> = {
  ENABLED: { label: 'Enabled', color: 'teal' },
  DISABLED: { label: 'Disabled', color: 'gray' },
  SUSPENDED: { label: 'Suspended', color: 'orange' },
};

export const FAILURE_REASON_LABELS: Record<string, string> = {
  TIMED_OUT: 'Timed out',
  NO_RESPONSE: 'No response',
};
