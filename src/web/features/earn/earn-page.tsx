import { Anchor, Badge, Button, Group, Image, Select, Stack, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { EARN_SORT_FIELDS, type EarnProvider, type EarnSortField, EVM_CHAIN_NAMES } from '../../../contract/earn';
import { mayPerform } from '../../../contract/operations';
import { ActionButton } from '../../components/action-button';
import { ExternalLink } from '../../components/external-link';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ColumnHeads } from '../../components/facts';
import { Page } from '../../components/page';
import { useSignedInUser } from '../../lib/use-session-state';
import type { PageData } from '../../lib/page-data';
import { useUrlState } from '../../lib/use-url-state';
import { type ProviderListParams, providerQueries, useApproveTerms } from './api';
import { LoadingSkeleton } from '../../components/section';

const PAGE_SIZES = ['10', '25', '50', '100'];
const DEFAULTS = { sortBy: 'displayName', order: 'ASC', pageSize: 25 } as const;

/** Sort, order, page size and page, read from the address (anything unknown reads as the default). */
function readListParams(params: URLSearchParams): ProviderListParams {
  const sortBy = EARN_SORT_FIELDS.includes(params.get('sortBy') as EarnSortField) ? (params.get('sortBy') as EarnSortField) : DEFAULTS.sortBy;
  const order = params.get('order') === 'DESC' ? 'DESC' : params.get('order') === 'ASC' ? 'ASC' : DEFAULTS.order;
  const pageSize = PAGE_SIZES.includes(params.get('pageSize') ?? '') ? Number(params.get('pageSize')) : DEFAULTS.pageSize;
  return { sortBy, order, pageSize, cursor: params.get('cursor') };
}

function writeListParams(params: ProviderListParams) {
  const search = new URLSearchParams({ sortBy: params.sortBy, order: params.order, pageSize: String(params.pageSize) });
  if (params.cursor) search.set('cursor', params.cursor);
  return { search };
}

/** Sort, order, page size and page live in the address, so every view of the table is a link. */
function useListParams(): [ProviderListParams, (change: Partial<ProviderListParams>) => void] {
  const [current, update] = useUrlState(readListParams, writeListParams);
  return [current, (change) => update((latest) => ({ ...latest, ...change }))];
}

function chainName(id: number): string {
  return EVM_CHAIN_NAMES[id] ?? `Chain ${id}`;
}

function TermsStatus({ provider }: { provider: EarnProvider }) {
  if (!provider.isTermsApprovalRequired)
    return (
      <Badge variant="dot" color="gray">
        No approval needed
      </Badge>
    );
  return provider.isTermsOfServiceApproved ? (
    <Badge variant="dot" color="teal">
      Approved
    </Badge>
  ) : (
    <Badge variant="dot" color="yellow">
      Approval needed
    </Badge>
  );
}

function SortHeader({
  field,
  label,
  params,
  onSort,
}: {
  field: EarnSortField;
  label: string;
  params: ProviderListParams;
  onSort: (field: EarnSortField) => void;
}) {
  const active = params.sortBy === field;
  const Icon = !active ? IconArrowsSort : params.order === 'ASC' ? IconArrowUp : IconArrowDown;
  return (
    <Table.Th scope="col" aria-sort={active ? (params.order === 'ASC' ? 'ascending' : 'descending') : 'none'}>
      <UnstyledButton onClick={() => onSort(field)} fw={600} fz="sm">
        <Group gap={4} wrap="nowrap">
          {label}
          <Icon size={14} aria-hidden />
          <VisuallyHidden>{active ? `, sorted ${params.order === 'ASC' ? 'ascending' : 'descending'}` : ', sort'}</VisuallyHidden>
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

function ProviderRow({ provider, onApprove, canApprove }: { provider: EarnProvider; onApprove: (provider: EarnProvider) => void; canApprove: boolean }) {
  return (
    <Table.Tr>
      <Table.Td>
        <Group gap="sm" wrap="nowrap">
          <Image src={provider.logoUrl} alt="" w={32} h={32} fit="contain" />
          <Stack gap={0}>
            <Text fw={500}>{provider.displayName}</Text>
            <Text size="xs" c="dimmed">
              {provider.providerId}
            </Text>
          </Stack>
        </Group>
      </Table.Td>
      <Table.Td maw={440}>
        <Group gap={4}>
          {provider.supportedChainIds.map((id) => (
            <Badge key={id} variant="light" color="gray" size="sm" title={`Chain id ${id}`}>
              {chainName(id)}
            </Badge>
          ))}
        </Group>
      </Table.Td>
      <Table.Td miw={170}>
        <TermsStatus provider={provider} />
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <ExternalLink href={provider.termsOfServiceUrl}>Terms of {provider.displayName}</ExternalLink>
          {canApprove && provider.isTermsApprovalRequired && !provider.isTermsOfServiceApproved && (
            <ActionButton
              operation="approveEarnTermsOfService"
              size="xs"
              onClick={() => onApprove(provider)}
              aria-label={`Approve terms of ${provider.displayName}`}
              style={{ flexShrink: 0 }}
            >
              Approve terms
            </ActionButton>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}

export const pageData: PageData = {
  errorTitle: 'The earn providers could not be loaded',
  load: ({ queryClient, search }) => queryClient.ensureQueryData(providerQueries.list(readListParams(search))),
};

interface ProvidersTableProps {
  params: ProviderListParams;
  setParams: (change: Partial<ProviderListParams>) => void;
  onApprove: (provider: EarnProvider) => void;
  canApprove: boolean;
}

/** The page of providers the address asks for, sortable by each column, a page size and a cursor at a time. */
function ProvidersTable({ params, setParams, onApprove, canApprove }: ProvidersTableProps) {
  const { data: providers } = useSuspenseQuery(providerQueries.list(params));
  const sort = (field: EarnSortField) => setParams({ sortBy: field, order: params.sortBy === field && params.order === 'ASC' ? 'DESC' : 'ASC', cursor: null });
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={1000}>
        <Table verticalSpacing="sm" striped>
          <Table.Caption>{providers.total === 1 ? '1 provider' : `${providers.total} providers`}</Table.Caption>
          <ColumnHeads
            columns={[
              <SortHeader key="displayName" field="displayName" label="Provider" params={params} onSort={sort} />,
              <SortHeader key="supportedChainIds" field="supportedChainIds" label="Chains" params={params} onSort={sort} />,
              <SortHeader key="isTermsOfServiceApproved" field="isTermsOfServiceApproved" label="Terms of service" params={params} onSort={sort} />,
              { label: 'Actions', hidden: true },
            ]}
          />
          <Table.Tbody>
            {providers.data.map((provider) => (
              <ProviderRow key={provider.providerId} provider={provider} onApprove={onApprove} canApprove={canApprove} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group justify="space-between">
        <Select
          label="Providers per page"
          data={PAGE_SIZES}
          value={String(params.pageSize)}
          onChange={(value) => value && setParams({ pageSize: Number(value), cursor: null })}
          allowDeselect={false}
          w={180}
        />
        <Group gap="xs">
          <Button variant="default" disabled={!providers.prev} onClick={() => setParams({ cursor: providers.prev })}>
            Previous page
          </Button>
          <Button variant="default" disabled={!providers.next} onClick={() => setParams({ cursor: providers.next })}>
            Next page
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}

export default function EarnPage() {
  const user = useSignedInUser();
  const [params, setParams] = useListParams();
  const [approving, setApproving] = useState<EarnProvider | null>(null);
  const approve = useApproveTerms();
  const canApprove = mayPerform(user.role, 'approveEarnTermsOfService');

  return (
    <Page
      title="Earn"
      description="Lending providers integrated with this workspace (beta): the chains they support and whether their terms of service are approved."
    >
      <Suspense fallback={<LoadingSkeleton label="Loading earn providers…" heights={[48, 48]} gap="xs" />}>
        <ProvidersTable params={params} setParams={setParams} onApprove={setApproving} canApprove={canApprove} />
      </Suspense>
      <ConfirmDialog
        opened={approving !== null}
        title={approving ? `Approve the terms of ${approving.displayName}?` : ''}
        confirmLabel="Approve terms"
        loading={approve.isPending}
        onConfirm={() => approving && approve.mutate(approving, { onSettled: () => setApproving(null) })}
        onClose={() => setApproving(null)}
      >
        {approving && (
          <>
            <Text size="sm">
              You confirm, for the whole workspace, that your organisation has read and accepts{' '}
              <Anchor href={approving.termsOfServiceUrl} target="_blank" rel="noreferrer noopener">
                the terms of service of {approving.displayName}
              </Anchor>
              . Lending through {approving.displayName} needs this approval.
            </Text>
            <Text size="sm">The approval is recorded in the audit log with your name.</Text>
          </>
        )}
      </ConfirmDialog>
    </Page>
  );
}
