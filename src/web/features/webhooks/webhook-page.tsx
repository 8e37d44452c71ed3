import { Alert, Badge, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { IconEdit, IconSend, IconTrash } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { mayPerform } from '../../../contract/operations';
import type { Webhook } from '../../../contract/webhooks';
import { useSignedInUser } from '../../lib/use-session-state';
import { ActionButton } from '../../components/action-button';
import { BackLink } from '../../components/back-link';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { CopyableValue } from '../../components/copyable-value';
import { ErrorView } from '../../components/error-view';
import { FormLoader } from '../../components/form-loader';
import { Page } from '../../components/page';
import { preloadable } from '../../components/preloadable';
import { LoadingSkeleton, Section } from '../../components/section';
import { UtcTime } from '../../components/utc-time';
import { isApiError } from '../../lib/api-client';
import type { PageData, PageErrorProps } from '../../lib/page-data';
import { useUrlState } from '../../lib/use-url-state';
import { useDeleteWebhook, useSendTestEvent, webhookQueries } from './api';
import { EVENT_LABELS } from './labels';
import { NotificationDrawer } from './notification-drawer';
import { NotificationsSection } from './notifications-section';
import { parseNotificationsSearch, toNotificationsSearch } from './notifications-view';
import { WebhookStatusBadge } from './webhook-status-badge';

// The edit form (its form library and checks) is not drawn until asked for: fetched as the page
// opens, not before it draws.
const WebhookForm = preloadable(async () => (await import('./webhook-form')).WebhookForm);

/** `onDeleted`: the webhook is gone; its page stops drawing it before anything asks for it again. */
interface DeletedProps {
  onDeleted: () => void;
}

function WebhookActions({ webhook, onDeleted }: { webhook: Webhook } & DeletedProps) {
  const [editing, setEditing] = useState(false);
  useEffect(() => WebhookForm.preload(), []);
  const [deleting, setDeleting] = useState(false);
  const test = useSendTestEvent(webhook.id);
  const remove = useDeleteWebhook(webhook.id, { onDeleted });
  return (
    <Group>
      <ActionButton
        operation="sendWebhookTestEvent"
        leftSection={<IconSend size={16} aria-hidden />}
        variant="light"
        loading={test.isPending}
        onClick={() => test.mutate()}
        disabled={webhook.status !== 'ENABLED'}
      >
        Send test event
      </ActionButton>
      <ActionButton operation="updateWebhook" leftSection={<IconEdit size={16} aria-hidden />} variant="default" onClick={() => setEditing(true)}>
        Edit
      </ActionButton>
      <ActionButton operation="deleteWebhook" leftSection={<IconTrash size={16} aria-hidden />} variant="default" color="red" onClick={() => setDeleting(true)}>
        Delete
      </ActionButton>
      <Modal opened={editing} onClose={() => setEditing(false)} title="Edit webhook" size="lg" closeOnClickOutside={false}>
        <Suspense fallback={<FormLoader />}>
          <WebhookForm webhook={webhook} onCancel={() => setEditing(false)} onDone={() => setEditing(false)} />
        </Suspense>
      </Modal>
      <ConfirmDialog
        opened={deleting}
        title="Delete this webhook?"
        confirmLabel="Delete webhook"
        confirmColor="red"
        loading={remove.isPending}
        onClose={() => setDeleting(false)}
        onConfirm={() => remove.mutate()}
      >
        <Text size="sm">
          Nothing more will be sent to <Code>{webhook.url}</Code>. Notifications not yet delivered are dropped with it.
        </Text>
      </ConfirmDialog>
    </Group>
  );
}

function Code({ children }: { children: string }) {
  return (
    <Text span ff="monospace" style={{ wordBreak: 'break-all' }}>
      {children}
    </Text>
  );
}

function WebhookView({ webhook, onDeleted }: { webhook: Webhook } & DeletedProps) {
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Group gap="sm">
            <WebhookStatusBadge status={webhook.status} />
            {webhook.description && <Text size="sm">{webhook.description}</Text>}
          </Group>
          <CopyableValue value={webhook.url} label="webhook URL" />
        </Stack>
        <WebhookActions webhook={webhook} onDeleted={onDeleted} />
      </Group>
      {webhook.status === 'DISABLED' && (
        <Alert color="gray" variant="light">
          This webhook is disabled: no event is sent to it until it is enabled again (Edit).
        </Alert>
      )}
      <Table variant="vertical" withTableBorder={false} aria-label="Webhook">
        <Table.Tbody>
          <Table.Tr>
            <Table.Th w={140}>Events</Table.Th>
            <Table.Td>
              <Group gap={4}>
                {webhook.events.map((event) => (
                  <Badge key={event} variant="outline" color="gray" tt="none" title={event}>
                    {EVENT_LABELS[event].label}
                  </Badge>
                ))}
              </Group>
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>Id</Table.Th>
            <Table.Td>
              <CopyableValue value={webhook.id} label="webhook id" />
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>Registered</Table.Th>
            <Table.Td>
              <UtcTime ms={webhook.createdAt} />
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>Last change</Table.Th>
            <Table.Td>
              <UtcTime ms={webhook.updatedAt} />
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/** A webhook this workspace does not have (any more) is said so, rather than shown as a failure. */
function WebhookErrorView({ title, error, onRetry }: PageErrorProps) {
  const { webhookId = '' } = useParams();
  if (isApiError(error) && error.status === 404) {
    return (
      <Alert color="gray" variant="light" title="No such webhook" styles={{ title: { color: 'var(--mantine-color-text)' } }}>
        This workspace has no webhook {webhookId}; it may have been deleted.
      </Alert>
    );
  }
  return <ErrorView title={title} error={error} onRetry={onRetry} />;
}

export const pageData: PageData = {
  errorTitle: 'The webhook could not be loaded',
  load: ({ queryClient, params }) => queryClient.ensureQueryData(webhookQueries.detail(params.webhookId ?? '')),
  ErrorView: WebhookErrorView,
  back: { to: '/webhooks', label: 'All webhooks' },
};

function LoadedWebhook({ webhookId, onDeleted }: { webhookId: string } & DeletedProps) {
  const { role } = useSignedInUser();
  const { data: webhook } = useSuspenseQuery(webhookQueries.detail(webhookId));
  const [view, update] = useUrlState(parseNotificationsSearch, toNotificationsSearch);
  const canResend = mayPerform(role, 'resendNotification');
  return (
    <>
      <WebhookView webhook={webhook} onDeleted={onDeleted} />
      <Section title="Notifications">
        <NotificationsSection
          webhookId={webhookId}
          view={view}
          canResend={mayPerform(role, 'resendFailedNotifications')}
          // Other filters are another list; an open drawer stays open only when it is what changed.
          onChange={(changes) => update((latest) => ({ ...latest, notification: null, ...changes }))}
        />
      </Section>
      <NotificationDrawer
        webhookId={webhookId}
        notificationId={view.notification}
        canResend={canResend}
        onClose={() => update((latest) => ({ ...latest, notification: null }))}
      />
    </>
  );
}

function WebhookDetail({ webhookId }: { webhookId: string }) {
  const navigate = useNavigate();
  // Once deleted, nothing of the webhook is drawn: its queries lose their last observer at once,
  // so the live notice of the deletion (or anything else) does not refetch them into a 404 while
  // the list loads for the way back.
  const [deleted, setDeleted] = useState(false);
  return (
    <Page title="Webhook">
      <BackLink to="/webhooks">All webhooks</BackLink>
      {deleted ? (
        <Text role="status">This webhook was deleted.</Text>
      ) : (
        <Suspense fallback={<LoadingSkeleton label="Loading the webhook…" heights={[40, 160]} />}>
          <LoadedWebhook
            webhookId={webhookId}
            onDeleted={() => {
              setDeleted(true);
              void navigate('/webhooks');
            }}
          />
        </Suspense>
      )}
    </Page>
  );
}

/** One webhook, at /webhooks/{webhookId}: its settings and actions, and the notifications sent to it with their attempts. */
export default function WebhookPage() {
  const { webhookId = '' } = useParams();
  // Keyed, so that nothing of one webhook's page (an open form, say) carries over to the next one opened.
  return <WebhookDetail key={webhookId} webhookId={webhookId} />;
}
