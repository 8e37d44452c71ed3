import { Anchor, Badge, Button, EmptyState, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { IconPlus, IconShieldCheck, IconWebhook } from '@tabler/icons-react';
import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { mayPerform } from '../../../contract/operations';
import type { Webhook } from '../../../contract/webhooks';
import { ColumnHeads, TimeCell } from '../../components/facts';
import { useSignedInUser } from '../../lib/use-session-state';
import { ActionButton } from '../../components/action-button';
import { LoadMoreButton } from '../../components/load-more-button';
import { Page } from '../../components/page';
import type { PageData } from '../../lib/page-data';
import { useRequestedAction } from '../../lib/requested-action';
import { webhookQueries } from './api';
import { EVENT_LABELS } from './labels';
import { WebhookForm } from './webhook-form';
import { WebhookStatusBadge } from './webhook-status-badge';
import { LoadingSkeleton } from '../../components/section';

const webhookPath = (id: string) => `/webhooks/${encodeURIComponent(id)}`;

function WebhookRow({ webhook }: { webhook: Webhook }) {
  return (
    <Table.Tr>
      <Table.Td>
        <Stack gap={2}>
          <Anchor component={Link} to={webhookPath(webhook.id)} size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
            {webhook.url}
          </Anchor>
          {webhook.description && (
            <Text size="xs" c="dimmed">
              {webhook.description}
            </Text>
          )}
        </Stack>
      </Table.Td>
      <Table.Td>
        <WebhookStatusBadge status={webhook.status} />
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          {webhook.events.map((event) => (
            <Badge key={event} variant="outline" color="gray" size="sm" tt="none" title={event}>
              {EVENT_LABELS[event].label}
            </Badge>
          ))}
        </Group>
      </Table.Td>
      <TimeCell ms={webhook.createdAt} />
    </Table.Tr>
  );
}

export const pageData: PageData = {
  errorTitle: 'The webhooks could not be loaded',
  load: ({ queryClient }) => queryClient.ensureInfiniteQueryData(webhookQueries.list()),
};

function LoadingWebhooks() {
  return <LoadingSkeleton label="Loading webhooks…" heights={[40, 40, 40]} gap="xs" radius="sm" />;
}

function WebhooksTable() {
  const list = useSuspenseInfiniteQuery(webhookQueries.list());
  const webhooks = list.data.pages.flatMap((page) => page.data);
  if (webhooks.length === 0) {
    return (
      <EmptyState icon={<IconWebhook aria-hidden />} withIndicatorBackground align="left" py="xl">
        <EmptyState.Title order={2}>No webhooks</EmptyState.Title>
        <EmptyState.Description>No address receives this workspace&apos;s transaction events yet.</EmptyState.Description>
      </EmptyState>
    );
  }
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={760}>
        <Table striped verticalSpacing="sm" aria-label="Webhooks">
          <ColumnHeads columns={['URL', 'Status', 'Events', 'Registered']} />
          <Table.Tbody>
            {webhooks.map((webhook) => (
              <WebhookRow key={webhook.id} webhook={webhook} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <LoadMoreButton list={list} />
    </Stack>
  );
}

/** The webhooks at /webhooks, with a way to register one and to the signature guide. */
export default function WebhooksPage() {
  const { role } = useSignedInUser();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  useRequestedAction('createWebhook', () => setCreating(true));
  return (
    <Page title="Webhooks" description="The addresses that receive this workspace's transaction events, signed, and how each delivery went.">
      <Group>
        {mayPerform(role, 'createWebhook') && (
          <ActionButton operation="createWebhook" leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
            Register webhook
          </ActionButton>
        )}
        <Button component={Link} to="/webhooks/signatures" variant="subtle" leftSection={<IconShieldCheck size={16} aria-hidden />}>
          How to verify the signatures
        </Button>
      </Group>
      <Suspense fallback={<LoadingWebhooks />}>
        <WebhooksTable />
      </Suspense>
      <Modal opened={creating} onClose={() => setCreating(false)} title="Register a webhook" size="lg" closeOnClickOutside={false}>
        <WebhookForm
          onCancel={() => setCreating(false)}
          onDone={(webhook) => {
            setCreating(false);
            void navigate(webhookPath(webhook.id));
          }}
        />
      </Modal>
    </Page>
  );
}
