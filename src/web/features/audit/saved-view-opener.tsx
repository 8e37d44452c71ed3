import { Alert, Anchor, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { ErrorView } from '../../components/error-view';
import { explorerQueries, useSaveColumns } from './explorer-api';

/**
 * Opens a saved view named by id (`/audit?view=<id>`, from the list or the command palette): its
 * columns become the reader's, and its search replaces the address, which the explorer then shows.
 */
export function OpeningSavedView({ id, onOpened }: { id: string; onOpened: (filters: string) => void }) {
  const views = useQuery(explorerQueries.views());
  const saveColumns = useSaveColumns();
  const view = views.data?.find((candidate) => candidate.id === id);

  useEffect(() => {
    if (!view) return;
    if (view.columns) saveColumns.mutate(view.columns);
    onOpened(view.filters);
    // Once per view opened: the mutation and the callback are new objects on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [view]);

  if (views.isError) return <ErrorView title="The saved view could not be opened" error={views.error} onRetry={() => void views.refetch()} />;
  if (views.data && !view) {
    return (
      <Alert color="yellow" title="No such saved view" role="alert">
        It was deleted, or it is somebody else’s: saved views are each person’s own.{' '}
        <Anchor component={Link} to="/audit">
          Open the audit log
        </Anchor>
      </Alert>
    );
  }
  return (
    <Stack role="status">
      <VisuallyHidden>Opening the saved view…</VisuallyHidden>
      <Skeleton height={220} />
    </Stack>
  );
}
