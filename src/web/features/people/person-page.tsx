import { Anchor, Badge, Text } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Link, useParams } from 'react-router';
import type { ConsoleUser } from '../../../contract/admin';
import { mayPerform } from '../../../contract/operations';
import { ROLE_LABELS } from '../../../contract/role-labels';
import { useSignedInUser } from '../../lib/use-session-state';
import { CopyableValue } from '../../components/copyable-value';
import { Facts } from '../../components/facts';
import { Page } from '../../components/page';
import { LoadingSkeleton, Section } from '../../components/section';
import { UtcTime } from '../../components/utc-time';
import type { PageData } from '../../lib/page-data';
import { consoleUserQuery } from '../../lib/people-queries';

/** The audit log's events by one person over the longest range the explorer offers (its "Person" filter). */
const auditLogOf = (userId: string) => `/audit?${new URLSearchParams({ range: '30d', userId })}`;

function PersonView({ person }: { person: ConsoleUser }) {
  const viewer = useSignedInUser();
  // The service leaves out (null) what the viewer's role may not read; for a role that may read it, null means none.
  const readsAudit = mayPerform(viewer.role, 'getAuditLogs');
  const readsPasskeys = mayPerform(viewer.role, 'getPasskeyPolicy');
  return (
    <>
      <Section title="Details">
        <Facts
          label="Details"
          rows={[
            ['Role', ROLE_LABELS[person.role]],
            [
              'State',
              <Badge key="state" variant="dot" color={person.enabled ? 'teal' : 'gray'}>
                {person.enabled ? 'Enabled' : 'Disabled'}
              </Badge>,
            ],
            ['Created', <UtcTime key="created" ms={person.createdAt} />],
            readsAudit && ['Last signed in', person.lastSignedInAt === null ? 'No sign-in recorded' : <UtcTime key="signed-in" ms={person.lastSignedInAt} />],
            readsPasskeys && person.passkeys !== null && ['Passkeys', String(person.passkeys)],
            ['User id', <CopyableValue key="id" value={person.id} label="user id" />],
          ]}
        />
      </Section>
      {readsAudit && (
        <Text size="sm">
          <Anchor component={Link} to={auditLogOf(person.id)}>
            {person.name}’s events in the audit log
          </Anchor>{' '}
          (last 30 days)
        </Text>
      )}
    </>
  );
}

function LoadedPerson({ userId }: { userId: string }) {
  const { data: person } = useSuspenseQuery(consoleUserQuery(userId));
  return (
    <Page title={person.name} description={`Console user, ${ROLE_LABELS[person.role]}`}>
      <PersonView person={person} />
    </Page>
  );
}

export const pageData: PageData = {
  errorTitle: 'The person could not be loaded',
  load: ({ queryClient, params }) => queryClient.ensureQueryData(consoleUserQuery(params.userId ?? '')),
};

/** A console user at /people/:userId, where their name links from anywhere the console names them. */
export default function PersonPage() {
  const { userId = '' } = useParams();
  return (
    <Suspense
      fallback={
        <Page title="Person">
          <LoadingSkeleton label="Loading the person…" heights={[200]} />
        </Page>
      }
    >
      <LoadedPerson userId={userId} />
    </Suspense>
  );
}
