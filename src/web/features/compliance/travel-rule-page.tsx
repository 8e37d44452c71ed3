import { EmptyState, Skeleton, Stack, Tabs, VisuallyHidden } from '@mantine/core';
import { IconRoute } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { ErrorView } from '../../components/error-view';
import { Page } from '../../components/page';
import { isApiError } from '../../lib/api-client';
import { integrationQueries } from './api';
import { TrmDetail } from './trm-detail';
import { TrmList } from './trm-list';
import { useTravelRuleView } from './travel-rule-view';
import { VaspLookup } from './vasp-lookup';

export default function TravelRulePage() {
  const { view, update } = useTravelRuleView();
  const integration = useQuery(integrationQueries.current());
  const { tab, trm: trmId } = view;

  const chooseTab = (value: string | null) => {
    // Each tab starts from its own address; the other tab's search and filters do not carry over.
    update(() => ({ tab: value === 'vasps' ? 'vasps' : 'messages' }));
  };

  return (
    <Page
      title="Travel rule"
      description="Travel Rule messages of this workspace's transfers, what they still need before the VASP on the other side accepts them, and the directory of VASPs."
    >
      {integration.isPending ? (
        <Stack role="status">
          <VisuallyHidden>Loading the Travel Rule integration…</VisuallyHidden>
          <Skeleton height={200} />
        </Stack>
      ) : integration.isError ? (
        isApiError(integration.error) && integration.error.status === 404 ? (
          <EmptyState icon={<IconRoute aria-hidden />} withIndicatorBackground align="left" py="xl">
            <EmptyState.Title order={2}>No Travel Rule integration</EmptyState.Title>
            <EmptyState.Description>
              This workspace is not connected to the Travel Rule network yet. An admin connects it by naming the VASP the workspace operates as (POST
              /v1/screening/trlink/integration).
            </EmptyState.Description>
          </EmptyState>
        ) : (
          <ErrorView title="The Travel Rule integration could not be loaded" error={integration.error} onRetry={() => void integration.refetch()} />
        )
      ) : (
        <Tabs value={tab} onChange={chooseTab} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="messages">Messages</Tabs.Tab>
            <Tabs.Tab value="vasps">VASP directory</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="messages" pt="md">
            {trmId ? (
              <TrmDetail key={trmId} integration={integration.data} trmId={trmId} />
            ) : (
              <TrmList integrationId={integration.data.customerIntegrationId} />
            )}
          </Tabs.Panel>
          <Tabs.Panel value="vasps" pt="md">
            <VaspLookup key={view.q ?? ''} integrationId={integration.data.customerIntegrationId} />
          </Tabs.Panel>
        </Tabs>
      )}
    </Page>
  );
}
