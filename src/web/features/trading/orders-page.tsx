import { EmptyState, Group, Stack, Text } from '@mantine/core';
import { IconFilterOff, IconPlus, IconReceipt } from '@tabler/icons-react';
import { useSuspenseInfiniteQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Suspense, useMemo } from 'react';
import { Link } from 'react-router';
import { mayPerform } from '../../../contract/operations';
import type { TradingProvider } from '../../../contract/trading';
import { useSignedInUser } from '../../lib/use-session-state';
import { ActionButton } from '../../components/action-button';
import { LoadMoreButton } from '../../components/load-more-button';
import { Page } from '../../components/page';
import type { PageData } from '../../lib/page-data';
import { useUrlState } from '../../lib/use-url-state';
import { orderQueries, providerQueries } from './api';
import { OrderFilters } from './order-filters';
import { OrdersTable } from './orders-table';
import { hasOrderFilters, type OrdersView, parseOrdersSearch, rangeProblem, toOrdersQuery, toOrdersSearch } from './orders-view';
import { TradingErrorView } from './trading-error-view';
import { LoadingSkeleton } from '../../components/section';

const read = (search: URLSearchParams) => parseOrdersSearch(search);
const write = (view: OrdersView) => ({ search: toOrdersSearch(view) });

function LoadingOrders() {
  return <LoadingSkeleton label="Loading orders…" heights={[40, 40, 40, 40, 40]} gap="xs" radius="sm" />;
}

export const pageData: PageData = {
  errorTitle: 'The orders could not be loaded',
  // The providers name the rows and fill the filters; the orders are those the address asks for.
  load: ({ queryClient, search }) => {
    const view = parseOrdersSearch(search);
    return Promise.all([
      queryClient.ensureQueryData(providerQueries.list()),
      rangeProblem(view) ? null : queryClient.ensureInfiniteQueryData(orderQueries.list(toOrdersQuery(view).toString())),
    ]);
  },
  // A workspace outside the trading beta is told so rather than shown a failure.
  ErrorView: TradingErrorView,
};

function OrdersList({ view, providers, canCreate }: { view: OrdersView; providers: Map<string, TradingProvider>; canCreate: boolean }) {
  const orders = useSuspenseInfiniteQuery(orderQueries.list(toOrdersQuery(view).toString()));

  const all = orders.data.pages.flatMap((page) => page.data);
  const total = orders.data.pages[0]?.total ?? 0;
  if (all.length === 0) {
    const filtered = hasOrderFilters(view);
    return (
      <EmptyState icon={filtered ? <IconFilterOff aria-hidden /> : <IconReceipt aria-hidden />} withIndicatorBackground align="left" py="xl">
        <EmptyState.Title order={2}>{filtered ? 'No orders match these filters' : 'No orders yet'}</EmptyState.Title>
        <EmptyState.Description>
          {filtered ? 'Remove a filter or widen the time range.' : canCreate ? 'Orders you create appear here.' : 'Orders of this workspace appear here.'}
        </EmptyState.Description>
      </EmptyState>
    );
  }
  return (
    <Stack gap="sm">
      <Text size="sm" aria-live="polite" data-testid="orders-count">
        {total === 1 ? '1 order' : `${total} orders`}
        {all.length < total ? `, ${all.length} shown` : ''}
      </Text>
      <OrdersTable orders={all} providers={providers} />
      <LoadMoreButton list={orders}>Show more orders</LoadMoreButton>
    </Stack>
  );
}

function Orders({ view, onChange, canCreate }: { view: OrdersView; onChange: (changes: Partial<OrdersView>) => void; canCreate: boolean }) {
  const { data: providers } = useSuspenseQuery(providerQueries.list());
  const byId = useMemo(() => new Map(providers.map((provider) => [provider.id, provider])), [providers]);
  return (
    <>
      {canCreate && (
        <Group>
          <ActionButton operation="createOrder" component={Link} to="/trading/orders/new" leftSection={<IconPlus size={16} aria-hidden />}>
            New order
          </ActionButton>
        </Group>
      )}
      <OrderFilters view={view} providers={providers} onChange={onChange} />
      {rangeProblem(view) ? null : (
        <Suspense fallback={<LoadingOrders />}>
          <OrdersList view={view} providers={byId} canCreate={canCreate} />
        </Suspense>
      )}
    </>
  );
}

/**
 * The workspace's orders, newest first, with filters kept in the address. Orders still moving are
 * refreshed while the list is open; each one opens on its own page.
 */
export default function OrdersPage() {
  const { role } = useSignedInUser();
  const [view, update] = useUrlState(read, write);

  return (
    <Page title="Orders" description="Buy and sell orders placed through the trading providers, and where each one stands.">
      {/* The providers name the rows and fill the filters; they come first, so a refusal shows once. */}
      <Suspense fallback={<LoadingOrders />}>
        <Orders view={view} onChange={(changes) => update((latest) => ({ ...latest, ...changes }))} canCreate={mayPerform(role, 'createOrder')} />
      </Suspense>
    </Page>
  );
}
