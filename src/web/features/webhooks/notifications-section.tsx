import { Anchor, Button, Chip, EmptyState, Group, Select, Stack, Table, Text } from '@mantine/core';
import { IconBellOff, IconRefresh } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { Link } from 'react-router';
import { MAX_ATTEMPTS, type Notification, NOTIFICATION_STATUSES, type NotificationStatus, WEBHOOK_EVENTS, type WebhookEvent } from '../../../contract/webhooks';
import { ActionButton } from '../../components/action-button';
import { ErrorView } from '../../components/error-view';
import { ColumnHeads, TimeCell } from '../../components/facts';
import { LoadMoreButton } from '../../components/load-more-button';
import { useResendFailed, webhookQueries } from './api';
import { EVENT_LABELS, NOTIFICATION_STATUS_LABELS } from './labels';
import type { NotificationsView } from './notifications-view';
import { NotificationStatusBadge } from './webhook-status-badge';
import { LoadingSkeleton } from '../../components/section';

const EVENT_OPTIONS = WEBHOOK_EVENTS.map((value) => ({ value, label: EVENT_LABELS[value].label }));

/** Test events carry a sample transaction that does not exist; every other resource is a transaction. */
const isTestResource = (id: string) => id.startsWith('test-');

function ResourceLink({ id }: { id: string | null | undefined }) {
  if (!id)
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  if (isTestResource(id)) {
    return (
      <Text size="sm" ff="monospace">
        {id} (test)
      </Text>
    );
  }
  return (
    <Anchor component={Link} to={`/transactions/${encodeURIComponent(id)}`} size="sm" ff="monospace">
      {id.length > 12 ? `${id.slice(0, 8)}…` : id}
    </Anchor>
  );
}

function NotificationRow({ notification, onOpen }: { notification: Notification; onOpen: () => void }) {
  return (
    <Table.Tr>
      <Table.Td>
        <NotificationStatusBadge status={notification.status} />
      </Table.Td>
      <Table.Td>
        <Text size="sm" title={notification.eventType}>
          {EVENT_LABELS[notification.eventType].label}
        </Text>
      </Table.Td>
      <Table.Td>
        <ResourceLink id={notification.resourceId} />
      </Table.Td>
      <Table.Td>
        <Text size="sm" data-testid="notification-attempts">
          {notification.attempts} of {MAX_ATTEMPTS}
        </Text>
      </Table.Td>
      <TimeCell ms={notification.nextAttemptAt} />
      <TimeCell ms={notification.createdAt} />
      <Table.Td>
        <Button variant="subtle" size="compact-sm" onClick={onOpen} aria-label={`Open notification ${notification.id}`}>
          Details
        </Button>
      </Table.Td>
    </Table.Tr>
  );
}

interface NotificationsSectionProps {
  webhookId: string;
  view: NotificationsView;
  canResend: boolean;
  onChange: (changes: Partial<NotificationsView>) => void;
}

/** The webhook's notifications, newest first, with status and event filters; followed live (each notice of the stream refreshes them). */
export function NotificationsSection({ webhookId, view, canResend, onChange }: NotificationsSectionProps) {
  const filters = useMemo(() => ({ statuses: view.statuses, event: view.event }), [view.statuses, view.event]);
  const list = useInfiniteQuery(webhookQueries.notifications(webhookId, filters));
  const resendFailed = useResendFailed(webhookId);
  const notifications = list.data?.pages.flatMap((page) => page.data) ?? [];
  const filtered = view.statuses.length > 0 || view.event !== null;
  const statusLabelId = useId();

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Group align="flex-end" gap="lg">
          <Stack gap={4}>
            <Text size="sm" fw={500} id={statusLabelId}>
              Status
            </Text>
            <Chip.Group
              multiple
              value={view.statuses}
              onChange={(statuses) => onChange({ statuses: NOTIFICATION_STATUSES.filter((s) => statuses.includes(s)) })}
            >
              <Group gap="xs" role="group" aria-labelledby={statusLabelId}>
                {NOTIFICATION_STATUSES.map((status: NotificationStatus) => (
                  <Chip key={status} value={status} size="sm">
                    {NOTIFICATION_STATUS_LABELS[status].label}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
          </Stack>
          <Select
            label="Event"
            placeholder="Any event"
            data={EVENT_OPTIONS}
            value={view.event}
            onChange={(event) => onChange({ event: event as WebhookEvent | null })}
            clearable
            w={260}
          />
        </Group>
        {canResend && (
          <ActionButton
            operation="resendFailedNotifications"
            variant="light"
            leftSection={<IconRefresh size={16} aria-hidden />}
            loading={resendFailed.isPending}
            onClick={() => resendFailed.mutate()}
          >
            Resend all failed
          </ActionButton>
        )}
      </Group>
      {list.isPending ? (
        <LoadingSkeleton label="Loading notifications…" heights={[40, 40, 40]} gap="xs" radius="sm" />
      ) : list.isError ? (
        <ErrorView title="The notifications could not be loaded" error={list.error} onRetry={() => void list.refetch()} />
      ) : notifications.length === 0 ? (
        <EmptyState icon={<IconBellOff aria-hidden />} withIndicatorBackground align="left" py="lg">
          <EmptyState.Title order={3}>{filtered ? 'No notifications match these filters' : 'No notifications yet'}</EmptyState.Title>
          <EmptyState.Description>
            {filtered
              ? 'Remove a filter to see more.'
              : 'Each event this webhook subscribes to appears here as soon as it is sent. Send a test event to try it.'}
          </EmptyState.Description>
        </EmptyState>
      ) : (
        <>
          <Table.ScrollContainer minWidth={860}>
            <Table striped verticalSpacing="xs" aria-label="Notifications">
              <ColumnHeads columns={['Status', 'Event', 'Transaction', 'Attempts', 'Next attempt', 'Created', { label: 'Details', hidden: true }]} />
              <Table.Tbody>
                {notifications.map((notification) => (
                  <NotificationRow key={notification.id} notification={notification} onOpen={() => onChange({ notification: notification.id })} />
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <LoadMoreButton list={list} />
        </>
      )}
    </Stack>
  );
}
