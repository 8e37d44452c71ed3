import { EmptyState } from '@mantine/core';
import { IconHourglassEmpty } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Page } from './page';

/** An area this version of the console does not offer yet: say what it is for, show nothing made up. */
export function NotAvailablePage({ title, purpose }: { title: string; purpose: ReactNode }) {
  return (
    <Page title={title}>
      <EmptyState icon={<IconHourglassEmpty aria-hidden />} withIndicatorBackground align="left" py="xl">
        <EmptyState.Title order={2}>Not available yet</EmptyState.Title>
        <EmptyState.Description>{purpose} This page is not part of this version of the console yet.</EmptyState.Description>
      </EmptyState>
    </Page>
  );
}
