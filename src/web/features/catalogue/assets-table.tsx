import { Anchor, Code, Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import type { Asset, AssetSort, Blockchain } from '../../../contract/catalogue';
import { ColumnHeads } from '../../components/facts';
import { formatPrice } from '../../lib/rounded-amounts';
import { AssetBadges } from './asset-badges';
import { AssetIcon } from './asset-icon';
import { ASSET_CLASS_LABELS, SCOPE_LABELS } from './labels';

interface AssetsTableProps {
  assets: Asset[];
  /** The order chosen (the service's `sort`), and how to change it. */
  sort: AssetSort | null;
  /** The order the list is in when none is chosen: by symbol, or null for a search's relevance. */
  defaultSort: AssetSort | null;
  onSort: (sort: AssetSort | null) => void;
  /** Blockchains by id, to name each asset's chain; may be empty while they load. */
  chains: Map<string, Blockchain>;
  onOpen: (asset: Asset) => void;
}

/**
 * One page of assets. The whole row opens the asset for a pointer; for the keyboard and screen
 * readers the symbol is the button that does, so every row has exactly one tab stop.
 */
/**
 * A column header that sorts by its column: ascending, then descending, then back to the list's
 * default order. `aria-sort` tells a screen reader the order in force, the default one included.
 */
function SortableTh({
  column,
  label,
  sort,
  defaultSort,
  onSort,
}: {
  column: 'symbol' | 'name';
  label: string;
  sort: AssetSort | null;
  defaultSort: AssetSort | null;
  onSort: (sort: AssetSort | null) => void;
}) {
  const inForce = sort ?? defaultSort;
  const state = inForce === column ? 'ascending' : inForce === `-${column}` ? 'descending' : 'none';
  const nextSort = state === 'none' ? column : state === 'ascending' ? (`-${column}` as const) : null;
  const Icon = state === 'ascending' ? IconChevronUp : state === 'descending' ? IconChevronDown : IconSelector;
  return (
    <Table.Th scope="col" aria-sort={state}>
      <UnstyledButton onClick={() => onSort(nextSort)} fw={700} fz="sm">
        <Group gap={4} wrap="nowrap" component="span">
          {label}
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}

export function AssetsTable({ assets, chains, sort, defaultSort, onSort, onOpen }: AssetsTableProps) {
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table verticalSpacing="xs">
        <Table.Caption>Select an asset’s symbol to see its details, its price and your note.</Table.Caption>
        <ColumnHeads
          columns={[
            <SortableTh key="symbol" column="symbol" label="Symbol" sort={sort} defaultSort={defaultSort} onSort={onSort} />,
            <SortableTh key="name" column="name" label="Name" sort={sort} defaultSort={defaultSort} onSort={onSort} />,
            'Legacy ID',
            'Blockchain',
            'Class',
            'Scope',
            'Tags',
            'Price',
          ]}
        />
        <Table.Tbody>
          {assets.map((asset) => (
            <Table.Tr key={asset.id} data-asset-id={asset.id} onClick={() => onOpen(asset)} style={{ cursor: 'pointer' }}>
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  <AssetIcon asset={asset} size="sm" />
                  <Anchor
                    component="button"
                    type="button"
                    fw={600}
                    onClick={(event) => {
                      event.stopPropagation();
                      onOpen(asset);
                    }}
                  >
                    {asset.displaySymbol}
                  </Anchor>
                </Group>
              </Table.Td>
              <Table.Td>{asset.displayName}</Table.Td>
              <Table.Td>
                <Code>{asset.legacyId}</Code>
              </Table.Td>
              <Table.Td>{asset.blockchainId ? (chains.get(asset.blockchainId)?.displayName ?? '…') : 'None (fiat)'}</Table.Td>
              <Table.Td>{ASSET_CLASS_LABELS[asset.assetClass]}</Table.Td>
              <Table.Td>{SCOPE_LABELS[asset.metadata.scope]}</Table.Td>
              <Table.Td>
                <AssetBadges asset={asset} />
              </Table.Td>
              <Table.Td>
                {asset.price ? (
                  <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                    {formatPrice(asset.price.price)} {asset.price.currency}
                  </Text>
                ) : (
                  <Text size="sm" c="dimmed">
                    Not set
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
