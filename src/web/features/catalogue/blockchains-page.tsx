import { Badge, Button, Code, EmptyState, Group, Select, SimpleGrid, Table, Text } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Suspense, useMemo } from 'react';
import type { Blockchain } from '../../../contract/catalogue';
import { ExternalLink } from '../../components/external-link';
import { ColumnHeads } from '../../components/facts';
import { blockchainQueries } from './api';
import { type BlockchainFilters, parseBlockchainsSearch, toBlockchainsSearch } from './blockchains-view';
import { CataloguePage } from './catalogue-page';
import { explorerName } from '../../lib/explorer-links';
import { SIGNING_ALGORITHM_LABELS } from './labels';
import type { PageData } from '../../lib/page-data';
import { useUrlState } from '../../lib/use-url-state';
import { LoadingSkeleton } from '../../components/section';

const NETWORK_OPTIONS = [
  { value: 'false', label: 'Mainnets' },
  { value: 'true', label: 'Testnets' },
];
const STATUS_OPTIONS = [
  { value: 'false', label: 'In use' },
  { value: 'true', label: 'Deprecated' },
];
/** The filters of a yes or no, each a select whose empty choice is "either". */
const FLAG_FILTERS = [
  { flag: 'test', label: 'Network', placeholder: 'Mainnets and testnets', data: NETWORK_OPTIONS },
  { flag: 'deprecated', label: 'Status', placeholder: 'In use or deprecated', data: STATUS_OPTIONS },
] as const;

const asFlag = (value: string | null) => (value === null ? undefined : value === 'true');
const fromFlag = (flag: boolean | undefined) => (flag === undefined ? null : String(flag));

function BlockchainsTable({ chains }: { chains: Blockchain[] }) {
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table verticalSpacing="xs">
        <Table.Caption>{chains.length === 1 ? '1 blockchain' : `${chains.length} blockchains`}</Table.Caption>
        <ColumnHeads columns={['Name', 'Legacy ID', 'Protocol', 'Chain ID', 'Network', 'Signing algorithm', 'Explorer']} />
        <Table.Tbody>
          {chains.map((chain) => (
            <Table.Tr key={chain.id} data-blockchain-id={chain.legacyId}>
              <Table.Th scope="row" fw={600}>
                {chain.displayName}
              </Table.Th>
              <Table.Td>
                <Code>{chain.legacyId}</Code>
              </Table.Td>
              <Table.Td>{chain.onchain.protocol}</Table.Td>
              <Table.Td>
                {chain.onchain.chainId ?? (
                  <Text span c="dimmed" size="sm">
                    None
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  {chain.onchain.test ? (
                    <Badge color="orange" variant="dot">
                      Testnet
                    </Badge>
                  ) : (
                    <Text span size="sm">
                      Mainnet
                    </Text>
                  )}
                  {chain.metadata.deprecated && (
                    <Badge color="red" variant="dot">
                      Deprecated
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td>{SIGNING_ALGORITHM_LABELS[chain.onchain.signingAlgo]}</Table.Td>
              <Table.Td>
                <ExternalLink href={chain.metadata.explorer.base}>{explorerName(chain)}</ExternalLink>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function LoadingBlockchains() {
  return <LoadingSkeleton label="Loading blockchains…" heights={[36, 36, 36, 36, 36, 36]} gap="xs" radius="sm" />;
}

function BlockchainsResult({ filters }: { filters: BlockchainFilters }) {
  const chains = useSuspenseQuery(blockchainQueries.list(filters));
  if (chains.data.length === 0) {
    return (
      <EmptyState icon={<IconFilterOff aria-hidden />} withIndicatorBackground align="left" py="xl">
        <EmptyState.Title order={2}>No blockchains match these filters</EmptyState.Title>
        <EmptyState.Description>Remove a filter to see more.</EmptyState.Description>
      </EmptyState>
    );
  }
  return <BlockchainsTable chains={chains.data} />;
}

const readFilters = (search: URLSearchParams) => parseBlockchainsSearch(search);

export const pageData: PageData = {
  errorTitle: 'The blockchains could not be loaded',
  // The filters in the address, read as the page reads them: the list fetched is the one it shows.
  load: ({ queryClient, search }) => queryClient.ensureQueryData(blockchainQueries.list(readFilters(search))),
};
const writeFilters = (filters: BlockchainFilters) => ({ search: toBlockchainsSearch(filters) });

export default function BlockchainsPage() {
  const [filters, update] = useUrlState(readFilters, writeFilters);
  // The protocols to choose from are those of every blockchain, whatever the other filters say.
  const every = useQuery(blockchainQueries.list()).data;
  const protocols = useMemo(() => [...new Set((every ?? []).map((chain) => chain.onchain.protocol))].sort(), [every]);
  const filtered = Object.keys(filters).length > 0;

  const change = (changes: BlockchainFilters) => update((latest) => ({ ...latest, ...changes }));

  return (
    <CataloguePage tab="blockchains" description="The blockchains this service supports, with the identifiers and explorers to find them by.">
      <SimpleGrid cols={{ base: 1, sm: 3 }} component="section" aria-label="Filters">
        <Select
          label="Protocol"
          placeholder="Any protocol"
          data={filters.protocol && !protocols.includes(filters.protocol) ? [...protocols, filters.protocol] : protocols}
          value={filters.protocol ?? null}
          onChange={(protocol) => change({ protocol: protocol ?? undefined })}
          searchable
          clearable
        />
        {FLAG_FILTERS.map(({ flag, ...select }) => (
          <Select key={flag} {...select} value={fromFlag(filters[flag])} onChange={(value) => change({ [flag]: asFlag(value) })} clearable />
        ))}
      </SimpleGrid>
      {filtered && (
        <Group>
          <Button variant="subtle" leftSection={<IconFilterOff size={16} aria-hidden />} onClick={() => update(() => ({}))}>
            Clear filters
          </Button>
        </Group>
      )}
      <Suspense fallback={<LoadingBlockchains />}>
        <BlockchainsResult filters={filters} />
      </Suspense>
    </CataloguePage>
  );
}
