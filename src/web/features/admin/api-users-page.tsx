import { EmptyState, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { ErrorView } from '../../components/error-view';
import { Page } from '../../components/page';
import { apiUserQueries } from './api';
import { ApiUsersTable } from './api-users-table';

export default function ApiUsersPage() {
  const users = useQuery(apiUserQueries.list());

  return (
    <Page title="API users" description="Programs and scripts that call the service with a key of their own.">
      {users.isPending ? (
        <Stack gap="xs" role="status">
          <VisuallyHidden>Loading API users…</VisuallyHidden>
          {[0, 1, 2, 3].map((row) => (
            <Skeleton key={row} height={36} radius="sm" />
          ))}
        </Stack>
      ) : users.isError ? (
        <ErrorView title="The API users could not be loaded" error={users.error} onRetry={() => void users.refetch()} />
      ) : users.data.length === 0 ? (
        <EmptyState icon={<IconKey aria-hidden />} withIndicatorBackground align="left" py="xl">
          <EmptyState.Title order={2}>No API users yet</EmptyState.Title>
          <EmptyState.Description>
            This workspace has no API users. Creating them from the console comes in a later version.
          </EmptyState.Description>
        </EmptyState>
      ) : (
        <ApiUsersTable users={users.data} />
      )}
    </Page>
  );
}
