import { Loader, Text, Timeline } from '@mantine/core';
import type { TransactionWithTimeline } from '../../../contract/transactions';
import { UtcTime } from '../../components/utc-time';
import { TRANSACTION_STATUS_LABELS } from '../../components/transaction-status-badge';
import { isFinal, subStatusLabel } from './labels';

type Entry = TransactionWithTimeline['timeline'][number];

export interface TimelineStep extends Entry {
  /** Consecutive updates with the same status and sub-status (each block confirmation is one). */
  updates: number;
  lastAt: number;
}

/** The timeline oldest first, with repeated updates of one status folded into one step. */
export function timelineSteps(timeline: readonly Entry[]): TimelineStep[] {
  const steps: TimelineStep[] = [];
  for (const entry of [...timeline].sort((a, b) => a.at - b.at)) {
    const last = steps.at(-1);
    if (last && last.status === entry.status && last.subStatus === entry.subStatus) {
      last.updates += 1;
      last.lastAt = entry.at;
    } else steps.push({ ...entry, updates: 1, lastAt: entry.at });
  }
  return steps;
}

/**
 * Every status the transaction has had, oldest first, each with its sub-status and when it
 * began; while it is still moving, a last step says the next status is awaited.
 */
export function StatusTimeline({ tx }: { tx: TransactionWithTimeline }) {
  const steps = timelineSteps(tx.timeline);
  const final = isFinal(tx.status);
  const lastColor = final ? TRANSACTION_STATUS_LABELS[tx.status].color : undefined;
  return (
    <Timeline active={steps.length - 1} bulletSize={18} lineWidth={2} role="list" aria-label="Status timeline">
      {steps.map((step, index) => (
        <Timeline.Item
          key={`${step.status}-${step.at}-${index}`}
          role="listitem"
          title={TRANSACTION_STATUS_LABELS[step.status].label}
          color={index === steps.length - 1 ? lastColor : undefined}
          data-status={step.status}
        >
          {step.subStatus && (
            <Text size="sm" c="dimmed">
              {subStatusLabel(step.subStatus)}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            <UtcTime ms={step.at} />
          </Text>
          {step.updates > 1 && (
            <Text size="xs" c="dimmed">
              {step.updates} updates, the last at <UtcTime ms={step.lastAt} />
            </Text>
          )}
        </Timeline.Item>
      ))}
      {!final && (
        <Timeline.Item role="listitem" title="Next status" bullet={<Loader size={10} aria-hidden />} lineVariant="dashed">
          <Text size="sm" c="dimmed">
            Waiting for the next step; this page follows it.
          </Text>
        </Timeline.Item>
      )}
    </Timeline>
  );
}
