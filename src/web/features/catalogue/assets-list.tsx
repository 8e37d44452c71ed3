import { Button, EmptyState, Group, Loader, NativeSelect, Stack, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconFilterOff, IconTestPipe } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useDeferredValue } from 'react';
import type { Blockchain } from '../../../contract/catalogue';
import { ErrorView } from '../../components/error-view';
import { assetQueries } from './api';
import { AssetsTable } from './assets-table';
import { hasFilters, listOrder, needsTestnet, PAGE_SIZES, toListQuery } from './assets-view';
import type { AssetsViewControls } from './use-assets-view';
import { LoadingSkeleton } from '../../components/section';

function LoadingAssets() {
  return <LoadingSkeleton label="Loading assets…" heights={[40, 40, 40, 40, 40, 40]} gap="xs" radius="sm" />;
}

function Pager({ controls, next, busy }: { controls: AssetsViewControls; next: string | null; busy: boolean }) {
  const { view, pageNumber, previousPage, firstPage, nextPage, setPageSize } = controls;
  // A size from a link that the list does not offer is still shown as chosen.
  const sizes = [...new Set([...PAGE_SIZES, view.pageSize])].sort((a, b) => a - b).map(String);
  return (
    <Group justify="space-between" component="nav" aria-label="Pages of assets">
      <Group gap="xs">
        {previousPage || view.pageCursor === null ? (
          <Button variant="default" leftSection={<IconChevronLeft size={16} aria-hidden />} disabled={!previousPage || busy} onClick={() => previousPage?.()}>
            Previous
          </Button>
        ) : (
          // A link led straight here: the pages before were never seen, but the first one is known.
          <Button variant="default" leftSection={<IconChevronLeft size={16} aria-hidden />} disabled={busy} onClick={firstPage}>
            First page
          </Button>
        )}
        <Button
          variant="default"
          rightSection={<IconChevronRight size={16} aria-hidden />}
          disabled={next === null || busy}
          onClick={() => next && nextPage(next)}
        >
          Next
        </Button>
        {busy && <Loader size="xs" role="status" aria-label="Loading the page" />}
      </Group>
      <Group gap="md">
        {pageNumber !== null && (
          <Text size="sm" data-testid="assets-page-number">
            Page {pageNumber}
          </Text>
        )}
        <NativeSelect
          label="Page size"
          size="xs"
          data={sizes}
          value={String(view.pageSize)}
          onChange={(event) => setPageSize(Number(event.currentTarget.value))}
          styles={{ root: { display: 'flex', alignItems: 'center', gap: 8 } }}
        />
      </Group>
    </Group>
  );
}

interface AssetsListProps {
  controls: AssetsViewControls;
  /** Blockchains by id; empty while they load. */
  chains: Map<string, Blockchain>;
  /** The blockchains are still loading: the page is drawn once their names are in. */
  chainsPending: boolean;
}

function CurrentPage({ controls, chains, chainsPending }: AssetsListProps) {
  const { view, firstPage, openAsset } = controls;
  const page = useQuery(assetQueries.page(toListQuery(view).toString()));
  // The rows are drawn in a deferred render, which React slices, not in the query's own update,
  // which is synchronous: a page of a hundred rows was one long task (Lighthouse's TBT).
  const shown = useDeferredValue(page.data);

  if (page.isError && !page.data) {
    return (
      <Stack gap="sm">
        <ErrorView title="The assets could not be loaded" error={page.error} onRetry={() => void page.refetch()} />
        {/* A cursor from an old link can expire; the first page of the same filters still works. */}
        {view.pageCursor && (
          <Group>
            <Button variant="light" onClick={firstPage}>
              Go to the first page
            </Button>
          </Group>
        )}
      </Stack>
    );
  }

  if (shown === undefined || chainsPending) return <LoadingAssets />;
  const { data: assets, next } = shown;
  if (assets.length === 0 && view.pageCursor === null) {
    const filtered = hasFilters(view);
    return (
      <EmptyState icon={<IconFilterOff aria-hidden />} withIndicatorBackground align="left" py="xl">
        <EmptyState.Title order={2}>{filtered ? 'No assets match these filters' : 'No assets'}</EmptyState.Title>
        <EmptyState.Description>
          {filtered ? 'Remove a filter or choose another blockchain.' : 'The catalogue of this workspace is empty.'}
        </EmptyState.Description>
      </EmptyState>
    );
  }

  return (
    <Stack gap="sm">
      {/* Above the table, where it stays in reach however long the page is. */}
      <Pager controls={controls} next={next} busy={page.isPlaceholderData} />
      <Text size="sm" aria-live="polite" data-testid="assets-count">
        {assets.length === 1 ? '1 asset' : `${assets.length} assets`} on this page{next ? ', more on the next' : ''}
      </Text>
      <AssetsTable
        assets={assets}
        chains={chains}
        sort={view.sort}
        defaultSort={listOrder({ q: view.q, sort: null })}
        onSort={controls.setSort}
        onOpen={(asset) => openAsset(asset.id)}
      />
    </Stack>
  );
}

/** The list part of the assets tab: a page of the filtered catalogue, or why there is none. */
export function AssetsList({ controls, chains, chainsPending }: AssetsListProps) {
  if (needsTestnet(controls.view)) {
    const testnets = [...chains.values()].filter((chain) => chain.onchain.test).length;
    return (
      <EmptyState icon={<IconTestPipe aria-hidden />} withIndicatorBackground align="left" py="xl">
        <EmptyState.Title order={2}>Choose a testnet</EmptyState.Title>
        <EmptyState.Description>
          Assets are listed one test network at a time: pick one of the {testnets || 'available'} testnets under Blockchain.
        </EmptyState.Description>
      </EmptyState>
    );
  }
  return <CurrentPage controls={controls} chains={chains} chainsPending={chainsPending} />;
}
