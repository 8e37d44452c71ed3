import { Button, EmptyState } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Role } from '../../contract/roles';
import { ROLE_LABELS } from '../../contract/role-labels';
import { Page } from './page';

/** Shown instead of a page whose operation the signed-in role may not perform. */
export function NoAccessView({ page, role }: { page: string; role: Role }) {
  return (
    <Page title={page}>
      <EmptyState icon={<IconLock aria-hidden />} withIndicatorBackground align="left" py="xl">
        <EmptyState.Title order={2}>You don&apos;t have access</EmptyState.Title>
        <EmptyState.Description>
          Your role, {ROLE_LABELS[role]}, does not allow {page}. Ask an admin of your workspace if you need it.
        </EmptyState.Description>
        <EmptyState.Actions>
          <Button component={Link} to="/" variant="light">
            Go to the start page
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Page>
  );
}
