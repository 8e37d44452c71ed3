import { EmptyState, Skeleton, Stack, Tabs, VisuallyHidden } from '@mantine/core';
import { IconRoute } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { createTravelRuleIntegration } from '../../../contract/routes/compliance';
import { ErrorView } from '../../components/error-view';
import { Page } from '../../components/page';
import { preloadable } from '../../components/preloadable';
import { isApiError } from '../../lib/api-client';
import type { PageData, PageErrorProps } from '../../lib/page-data';
import { integrationQueries } from './api';
import { TrmList } from './trm-list';
import { useTravelRuleView } from './travel-rule-view';

// The messages' list is the first screen; a message's details (with the beneficiary's form) and the
// VASP directory are a click away: fetched as the page opens, not before it draws.
const TrmDetail = preloadable(async () => (await import('./trm-detail')).TrmDetail);
const VaspLookup = preloadable(async () => (await import('./vasp-lookup')).VaspLookup);

/** A workspace not yet connected to the Travel Rule network answers 404: not a failure, a step still to take. */
function TravelRuleErrorView({ title, error, onRetry }: PageErrorProps) {
  if (isApiError(error) && error.status === 404) {
    return (
      <EmptyState icon={<IconRoute aria-hidden />} withIndicatorBackground align="left" py="xl">
        <EmptyState.Title order={2}>No Travel Rule integration</EmptyState.Title>
        <EmptyState.Description>
          This workspace is not connected to the Travel Rule network yet. An admin connects it by naming the VASP the workspace operates as (
          {createTravelRuleIntegration.method.toUpperCase()} {createTravelRuleIntegration.path}).
        </EmptyState.Description>
      </EmptyState>
    );
  }
  return <ErrorView title={title} error={error} onRetry={onRetry} />;
}

export const pageData: PageData = {
  errorTitle: 'The Travel Rule integration could not be loaded',
  load: ({ queryClient }) => queryClient.ensureQueryData(integrationQueries.current()),
  ErrorView: TravelRuleErrorView,
};

/** The page, or a tab opened by the address, while its data or its chunk is still coming. */
function Loading({ label }: { label: string }) {
  return (
    <Stack role="status">
      <VisuallyHidden>{label}</VisuallyHidden>
      <Skeleton height={200} />
    </Stack>
  );
}

function TravelRuleTabs() {
  const { view, update } = useTravelRuleView();
  const { data: integration } = useSuspenseQuery(integrationQueries.current());
  const { tab, trm: trmId } = view;
  useEffect(() => {
    TrmDetail.preload();
    VaspLookup.preload();
  }, []);

  const chooseTab = (value: string | null) => {
    // Each tab starts from its own address; the other tab's search and filters do not carry over.
    update(() => ({ tab: value === 'vasps' ? 'vasps' : 'messages' }));
  };

  return (
    <Tabs value={tab} onChange={chooseTab} keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="messages">Messages</Tabs.Tab>
        <Tabs.Tab value="vasps">VASP directory</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="messages" pt="md">
        <Suspense fallback={<Loading label="Loading the message…" />}>
          {trmId ? <TrmDetail key={trmId} integration={integration} trmId={trmId} /> : <TrmList integrationId={integration.customerIntegrationId} />}
        </Suspense>
      </Tabs.Panel>
      <Tabs.Panel value="vasps" pt="md">
        <Suspense fallback={<Loading label="Loading the VASP directory…" />}>
          <VaspLookup key={view.q ?? ''} integrationId={integration.customerIntegrationId} />
        </Suspense>
      </Tabs.Panel>
    </Tabs>
  );
}

export default function TravelRulePage() {
  return (
    <Page
      title="Travel rule"
      description="Travel Rule messages of this workspace's transfers, what they still need before the VASP on the other side accepts them, and the directory of VASPs."
    >
      <Suspense fallback={<Loading label="Loading the Travel Rule integration…" />}>
        <TravelRuleTabs />
      </Suspense>
    </Page>
  );
}
