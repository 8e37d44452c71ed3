import { Anchor, Button, EmptyState, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { IconArrowsRightLeft, IconFilterOff } from '@tabler/icons-react';
import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Link } from 'react-router';
import type { Asset } from '../../../contract/catalogue';
import type { TransactionDetails } from '../../../contract/transactions';
import { ColumnHeads, TimeCell } from '../../components/facts';
import { LoadMoreButton } from '../../components/load-more-button';
import { TransactionAmount } from '../../components/transaction-amount';
import { TransactionStatusBadge } from '../../components/transaction-status-badge';
import { useAssetsByLegacyId } from '../../lib/use-assets-by-legacy-id';
import { useVaultAccountNames } from '../../lib/vault-queries';
import { transactionQueries } from './api';
import { isFinal, subStatusLabel } from './labels';
import { PeerName } from './peer-name';

import { hasFilters, type TransactionsView } from './transactions-view';
import { LoadingSkeleton } from '../../components/section';

/** The first characters of an id: enough to tell rows apart, the link names it in full. */
const shortId = (id: string) => (id.length > 12 ? `${id.slice(0, 8)}…` : id);

function TransactionRow({ tx, vaultNames, asset }: { tx: TransactionDetails; vaultNames: ReadonlyMap<string, string>; asset: Asset | undefined }) {
  return (
    <Table.Tr>
      <Table.Td>
        <Anchor component={Link} to={`/transactions/${encodeURIComponent(tx.id)}`} ff="monospace" size="sm" aria-label={`Open transaction ${tx.id}`}>
          {shortId(tx.id)}
        </Anchor>
      </Table.Td>
      <Table.Td>
        <Stack gap={2} align="flex-start">
          <TransactionStatusBadge status={tx.status} />
          {tx.subStatus && (
            <Text size="xs" c="dimmed">
              {subStatusLabel(tx.subStatus)}
            </Text>
          )}
        </Stack>
      </Table.Td>
      <Table.Td>
        <TransactionAmount tx={tx} asset={asset} />
      </Table.Td>
      <Table.Td>
        <PeerName peer={tx.source} vaultNames={vaultNames} />
      </Table.Td>
      <Table.Td>
        <PeerName peer={tx.destination} vaultNames={vaultNames} />
      </Table.Td>
      <TimeCell ms={tx.createdAt} />
    </Table.Tr>
  );
}

interface TransactionsListProps {
  view: TransactionsView;
  onClearFilters: () => void;
}

function Transactions({ view, onClearFilters }: TransactionsListProps) {
  const list = useSuspenseInfiniteQuery(transactionQueries.list(view));
  const vaultNames = useVaultAccountNames();
  const transactions = list.data.pages.flatMap((page) => page.data);
  const moving = transactions.some((tx) => !isFinal(tx.status));
  // Each asset's decimals and USD price, from the catalogue (one cached query per asset).
  const { assets } = useAssetsByLegacyId(transactions.flatMap((tx) => (tx.assetId ? [tx.assetId] : [])));

  if (transactions.length === 0) {
    const filtered = hasFilters(view);
    return (
      <EmptyState icon={filtered ? <IconFilterOff aria-hidden /> : <IconArrowsRightLeft aria-hidden />} withIndicatorBackground align="left" py="xl">
        <EmptyState.Title order={2}>{filtered ? 'No transactions match these filters' : 'No transactions yet'}</EmptyState.Title>
        <EmptyState.Description>
          {filtered ? 'Remove a filter to see more.' : 'Transfers and the settlements of trading orders will be listed here.'}
        </EmptyState.Description>
        {filtered && (
          <EmptyState.Actions>
            <Button variant="light" onClick={onClearFilters}>
              Clear filters
            </Button>
          </EmptyState.Actions>
        )}
      </EmptyState>
    );
  }

  return (
    <Stack gap="sm">
      <Group gap="xs" aria-live="polite">
        <Text size="sm" data-testid="transactions-count">
          {transactions.length === 1 ? '1 transaction' : `${transactions.length} transactions`}
          {list.hasNextPage ? ', more below' : ''}
        </Text>
        {moving && (
          <Group gap={4}>
            <Loader size={12} aria-hidden />
            <Text size="sm" c="dimmed">
              Following the transactions still in progress
            </Text>
          </Group>
        )}
      </Group>
      <Table.ScrollContainer minWidth={900}>
        <Table striped verticalSpacing="sm" aria-label="Transactions">
          <ColumnHeads columns={['Transaction', 'Status', 'Amount', 'From', 'To', 'Created']} />
          <Table.Tbody>
            {transactions.map((tx) => (
              <TransactionRow key={tx.id} tx={tx} vaultNames={vaultNames} asset={tx.assetId ? assets.get(tx.assetId) : undefined} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <LoadMoreButton list={list} />
    </Stack>
  );
}

/** The filtered list, a page at a time, following the transactions still moving. */
export function TransactionsList(props: TransactionsListProps) {
  return (
    <Suspense fallback={<LoadingSkeleton label="Loading transactions…" heights={[40, 40, 40, 40, 40]} gap="xs" radius="sm" />}>
      <Transactions {...props} />
    </Suspense>
  );
}
