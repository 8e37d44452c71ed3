import { Anchor, EmptyState, Group, Select, Stack, Table, Text } from '@mantine/core';
import { IconRoute } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { TRM_DIRECTIONS, TRM_STATUSES, type TravelRuleMessage, type TrmDirection, type TrmStatus } from '../../../contract/travel-rule';
import { ErrorView } from '../../components/error-view';
import { ColumnHeads } from '../../components/facts';
import { LoadMoreButton } from '../../components/load-more-button';
import { UtcTime } from '../../components/utc-time';
import { ReadableAmount } from '../../components/readable-amount';
import { formatMoney } from '../../lib/amounts';
import { trmQueries, vaspQueries } from './api';
import { DIRECTION_LABELS, STATUS_LABELS } from './labels';
import { StatusBadge } from './status-badge';
import { type TravelRuleView, useTravelRuleView } from './travel-rule-view';
import { LoadingSkeleton } from '../../components/section';

const STATUS_OPTIONS = TRM_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status].label }));
const DIRECTION_OPTIONS = TRM_DIRECTIONS.map((direction) => ({ value: direction, label: DIRECTION_LABELS[direction] }));

function CounterpartyName({ integrationId, message }: { integrationId: string; message: TravelRuleMessage }) {
  const id = message.direction === 'in' ? message.originatorVaspId : message.beneficiaryVaspId;
  const vasp = useQuery({ ...vaspQueries.detail(integrationId, id ?? ''), enabled: Boolean(id) });
  return <>{vasp.data?.name ?? id ?? '—'}</>;
}

function TrmRow({ integrationId, message }: { integrationId: string; message: TravelRuleMessage }) {
  const { linkTo } = useTravelRuleView();
  const ticker = message.asset.data.ticker ?? message.asset.data.id ?? '';
  return (
    <Table.Tr>
      <Table.Td>
        <StatusBadge status={message.status} />
      </Table.Td>
      <Table.Td>{DIRECTION_LABELS[message.direction]}</Table.Td>
      <Table.Td>
        <Text size="sm" fw={500}>
          <ReadableAmount amount={message.amount} unit={ticker} />
        </Text>
        {message.fiatValue && (
          <Text size="xs" c="dimmed">
            {formatMoney(message.fiatValue.amount, message.fiatValue.currency)}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <CounterpartyName integrationId={integrationId} message={message} />
      </Table.Td>
      <Table.Td>
        <UtcTime ms={message.createdAt} />
      </Table.Td>
      <Table.Td>
        <Anchor component={Link} to={linkTo({ trm: message.id })} size="sm" aria-label={`Open message ${message.externalId}`}>
          {message.externalId}
        </Anchor>
      </Table.Td>
    </Table.Tr>
  );
}

export function TrmList({ integrationId }: { integrationId: string }) {
  const { view, update } = useTravelRuleView();
  // The filters of the list live in the address, so a filtered view is a link and survives a reload.
  const filters = { status: view.status, direction: view.direction };
  const list = useInfiniteQuery(trmQueries.list(integrationId, filters));
  const messages = list.data?.pages.flatMap((page) => page.data) ?? [];

  const setFilter = (change: Pick<TravelRuleView, 'status' | 'direction'>) => update((latest) => ({ ...latest, ...change }));

  return (
    <Stack gap="md">
      <Group align="flex-end">
        <Select
          label="Status"
          placeholder="Any status"
          data={STATUS_OPTIONS}
          value={filters.status ?? null}
          onChange={(value) => setFilter({ status: (value as TrmStatus | null) ?? undefined })}
          clearable
          w={200}
        />
        <Select
          label="Direction"
          placeholder="Both directions"
          data={DIRECTION_OPTIONS}
          value={filters.direction ?? null}
          onChange={(value) => setFilter({ direction: (value as TrmDirection | null) ?? undefined })}
          clearable
          w={200}
        />
      </Group>
      {list.isPending ? (
        <LoadingSkeleton label="Loading Travel Rule messages…" heights={[40, 40, 40, 40]} gap="xs" radius="sm" />
      ) : list.isError ? (
        <ErrorView title="The Travel Rule messages could not be loaded" error={list.error} onRetry={() => void list.refetch()} />
      ) : messages.length === 0 ? (
        <EmptyState icon={<IconRoute aria-hidden />} withIndicatorBackground align="left" py="xl">
          <EmptyState.Title order={2}>No messages</EmptyState.Title>
          <EmptyState.Description>
            {filters.status || filters.direction ? 'No Travel Rule message matches these filters.' : 'No transfer has needed a Travel Rule message yet.'}
          </EmptyState.Description>
        </EmptyState>
      ) : (
        <Table.ScrollContainer minWidth={820}>
          <Table striped highlightOnHover verticalSpacing="sm">
            <Table.Caption>
              {list.hasNextPage ? `The newest ${messages.length} messages` : messages.length === 1 ? '1 message' : `${messages.length} messages`}
            </Table.Caption>
            <ColumnHeads columns={['Status', 'Direction', 'Amount', 'Counterparty', 'Created', 'Message']} />
            <Table.Tbody>
              {messages.map((message) => (
                <TrmRow key={message.id} integrationId={integrationId} message={message} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <LoadMoreButton list={list} />
    </Stack>
  );
}
