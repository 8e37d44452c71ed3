import { Alert, Code, Drawer, Group, ScrollArea, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { MAX_ATTEMPTS, type NotificationAttempt, type NotificationWithData } from '../../../contract/webhooks';
import { ActionButton } from '../../components/action-button';
import { CopyableValue, CopyIconButton } from '../../components/copyable-value';
import { ErrorView } from '../../components/error-view';
import { ColumnHeads } from '../../components/facts';
import { UtcTime } from '../../components/utc-time';
import { isApiError } from '../../lib/api-client';
import { useResendNotification, webhookQueries } from './api';
import { EVENT_LABELS, FAILURE_REASON_LABELS } from './labels';
import { NotificationStatusBadge } from './webhook-status-badge';
import { LoadingSkeleton } from '../../components/section';

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  const headingId = useId();
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Group justify="space-between">
        <Title order={3} size="h5" id={headingId}>
          {title}
        </Title>
        {action}
      </Group>
      {children}
    </Stack>
  );
}

function Attempts({ webhookId, notification }: { webhookId: string; notification: NotificationWithData }) {
  const attempts = useQuery(webhookQueries.attempts(webhookId, notification));
  if (attempts.isPending) return <Skeleton height={80} />;
  if (attempts.isError) return <ErrorView title="The attempts could not be loaded" error={attempts.error} onRetry={() => void attempts.refetch()} />;
  if (attempts.data.data.length === 0)
    return (
      <Text size="sm" c="dimmed">
        No attempt has been made yet.
      </Text>
    );
  return (
    <Table verticalSpacing={4} aria-label="Delivery attempts">
      <ColumnHeads columns={['Sent', 'Duration', 'Response', 'Failure']} />
      <Table.Tbody>
        {attempts.data.data.map((attempt: NotificationAttempt, index) => (
          <Table.Tr key={`${attempt.sentTime}-${index}`}>
            <Table.Td>
              <UtcTime ms={attempt.sentTime} />
            </Table.Td>
            <Table.Td>{`${attempt.duration} ms`}</Table.Td>
            <Table.Td>{attempt.responseCode ?? '—'}</Table.Td>
            <Table.Td>
              {attempt.failureReason
                ? (FAILURE_REASON_LABELS[attempt.failureReason] ?? attempt.failureReason)
                : attempt.responseCode !== undefined && (attempt.responseCode < 200 || attempt.responseCode >= 300)
                  ? `Answered ${attempt.responseCode}`
                  : '—'}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function NotificationView({ webhookId, notification, canResend }: { webhookId: string; notification: NotificationWithData; canResend: boolean }) {
  const resend = useResendNotification(webhookId, notification.id);
  const payload = JSON.stringify(notification.data ?? {}, null, 2);
  return (
    <Stack gap="lg">
      <Group gap="sm">
        <NotificationStatusBadge status={notification.status} />
        <Text size="sm">{EVENT_LABELS[notification.eventType].label}</Text>
        <Code>{notification.eventType}</Code>
      </Group>
      <Table variant="vertical" withTableBorder={false} aria-label="Notification">
        <Table.Tbody>
          <Table.Tr>
            <Table.Th w={140}>Id</Table.Th>
            <Table.Td>
              <CopyableValue value={notification.id} label="notification id" />
            </Table.Td>
          </Table.Tr>
          {notification.resourceId && (
            <Table.Tr>
              <Table.Th>Transaction</Table.Th>
              <Table.Td>
                <CopyableValue value={notification.resourceId} label="transaction id" />
              </Table.Td>
            </Table.Tr>
          )}
          <Table.Tr>
            <Table.Th>Created</Table.Th>
            <Table.Td>
              <UtcTime ms={notification.createdAt} />
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>Attempts</Table.Th>
            <Table.Td>{`${notification.attempts} of ${MAX_ATTEMPTS}`}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>Next attempt</Table.Th>
            <Table.Td>{notification.nextAttemptAt === null ? 'None scheduled' : <UtcTime ms={notification.nextAttemptAt} />}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      {canResend && (
        <Group>
          <ActionButton
            operation="resendNotification"
            leftSection={<IconRefresh size={16} aria-hidden />}
            variant="light"
            loading={resend.isPending}
            disabled={notification.status === 'IN_PROGRESS'}
            onClick={() => resend.mutate()}
          >
            Resend
          </ActionButton>
          {notification.status === 'IN_PROGRESS' && (
            <Text size="xs" c="dimmed">
              Still being delivered: it can be resent once delivered or failed.
            </Text>
          )}
        </Group>
      )}
      <Section title="Delivery attempts">
        <Attempts webhookId={webhookId} notification={notification} />
      </Section>
      <Section title="Payload" action={<CopyIconButton value={payload} label="payload" />}>
        <Text size="xs" c="dimmed">
          The event&apos;s data. The receiver gets it inside the envelope (id, resourceId, webhookId, workspaceId, eventType, createdAt, data).
        </Text>
        <ScrollArea.Autosize mah={360} type="auto">
          <Code block aria-label="Payload JSON" tabIndex={0}>
            {payload}
          </Code>
        </ScrollArea.Autosize>
      </Section>
    </Stack>
  );
}

function DrawerContent({ webhookId, notificationId, canResend }: { webhookId: string; notificationId: string; canResend: boolean }) {
  const notification = useQuery(webhookQueries.notification(webhookId, notificationId));
  if (notification.isPending) {
    return <LoadingSkeleton label="Loading the notification…" heights={[30, 160]} />;
  }
  if (notification.isError) {
    if (isApiError(notification.error) && notification.error.status === 404) {
      return <Alert color="gray">This webhook has no notification {notificationId}.</Alert>;
    }
    return <ErrorView title="The notification could not be loaded" error={notification.error} onRetry={() => void notification.refetch()} />;
  }
  return <NotificationView webhookId={webhookId} notification={notification.data} canResend={canResend} />;
}

/** One notification: what was sent, each attempt to deliver it, and a way to send it again. */
export function NotificationDrawer({
  webhookId,
  notificationId,
  canResend,
  onClose,
}: {
  webhookId: string;
  notificationId: string | null;
  canResend: boolean;
  onClose: () => void;
}) {
  return (
    <Drawer opened={notificationId !== null} onClose={onClose} position="right" size="lg" title="Notification">
      {notificationId && <DrawerContent key={notificationId} webhookId={webhookId} notificationId={notificationId} canResend={canResend} />}
    </Drawer>
  );
}
