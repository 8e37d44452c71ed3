import { Anchor, Code, Group, Table, Text } from '@mantine/core';
import type { Asset, Blockchain } from '../../../contract/catalogue';
import { AssetBadges } from './asset-badges';
import { AssetIcon } from './asset-icon';
import { ASSET_CLASS_LABELS, SCOPE_LABELS } from './labels';

interface AssetsTableProps {
  assets: Asset[];
  /** Blockchains by id, to name each asset's chain; may be empty while they load. */
  chains: Map<string, Blockchain>;
  onOpen: (asset: Asset) => void;
}

/**
 * One page of assets. The whole row opens the asset for a pointer; for the keyboard and screen
 * readers the symbol is the button that does, so every row has exactly one tab stop.
 */
export function AssetsTable({ assets, chains, onOpen }: AssetsTableProps) {
  return (
    <Table.ScrollContainer minWidth={960}>
      <Table verticalSpacing="xs">
        <Table.Caption>Select an asset’s symbol to see its details, its price and your note.</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Symbol</Table.Th>
            <Table.Th scope="col">Name</Table.Th>
            <Table.Th scope="col">Legacy ID</Table.Th>
            <Table.Th scope="col">Blockchain</Table.Th>
            <Table.Th scope="col">Class</Table.Th>
            <Table.Th scope="col">Scope</Table.Th>
            <Table.Th scope="col">Tags</Table.Th>
            <Table.Th scope="col">Price</Table.Th>
          </Table.Tr>
        </Table.Thead>
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
                    {asset.price.price} {asset.price.currency}
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
