import { Anchor, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Link, useParams } from 'react-router';
import type { AuditLogData } from '../../../contract/audit';
import { BackLink } from '../../components/back-link';
import { Page } from '../../components/page';
import { Person } from '../../components/person';
import { UtcTime } from '../../components/utc-time';
import type { PageData } from '../../lib/page-data';
import { auditEventPath, EventDetail } from './audit-event-drawer';
import { explorerQueries } from './explorer-api';
import { LoadingSkeleton } from '../../components/section';

/** The event among its neighbours, each a link to its own page; the event itself is marked as the current one. */
function ContextTable({ events, current }: { events: AuditLogData[]; current: string }) {
  return (
    <Table layout="fixed" aria-label="Events around it">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col" w={250}>
            When (UTC)
          </Table.Th>
          <Table.Th scope="col" w="30%">
            Who
          </Table.Th>
          <Table.Th scope="col">What</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {events.map((event) => {
          const isCurrent = event.id === current;
          return (
            <Table.Tr key={event.id} aria-current={isCurrent ? 'true' : undefined} bg={isCurrent ? 'var(--mantine-primary-color-light)' : undefined}>
              <Table.Td>
                <Text size="sm" ff="monospace">
                  <UtcTime ms={event.timestamp} focusable={false} />
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" truncate>
                  <Person id={event.userId} name={event.user} />
                </Text>
              </Table.Td>
              <Table.Td>
                {isCurrent ? (
                  <Text size="sm" fw={600}>
                    {event.category} / {event.subject} / {event.event}
                  </Text>
                ) : (
                  <Anchor component={Link} to={auditEventPath(event.id)} size="sm">
                    {event.category} / {event.subject} / {event.event}
                  </Anchor>
                )}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

/** The event and its neighbours, once the route's loader (or this read) has them. */
function LoadedEvent({ eventId }: { eventId: string }) {
  const { data } = useSuspenseQuery(explorerQueries.context(eventId));
  return (
    <>
      <Paper withBorder p="md" component="section" aria-labelledby="audit-context-heading">
        <Stack gap="sm">
          <Title id="audit-context-heading" order={2} size="h4">
            In context
          </Title>
          <ContextTable events={[...data.before, data.event, ...data.after]} current={data.event.id} />
        </Stack>
      </Paper>
      <Paper withBorder p="md" component="section" aria-labelledby="audit-event-heading">
        <Stack gap="sm">
          <Title id="audit-event-heading" order={2} size="h4">
            Details
          </Title>
          <EventDetail event={data.event} />
        </Stack>
      </Paper>
    </>
  );
}

export const pageData: PageData = {
  errorTitle: 'The event could not be loaded',
  load: ({ queryClient, params }) => queryClient.ensureQueryData(explorerQueries.context(params.eventId ?? '')),
  back: { to: '/audit', label: 'Audit log' },
};

/** One audit event, opened by a link: what was recorded, with the events just before and after it in the workspace. */
export default function AuditEventPage() {
  const { eventId = '' } = useParams();
  return (
    <Page title="Audit event" description="One event of the audit log, with the events written just before and after it. All times are in UTC.">
      <BackLink to="/audit">Audit log</BackLink>
      <Suspense fallback={<LoadingSkeleton label="Loading the event…" heights={[300]} />}>
        <LoadedEvent eventId={eventId} />
      </Suspense>
    </Page>
  );
}
