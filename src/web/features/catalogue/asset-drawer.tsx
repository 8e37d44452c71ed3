import { Badge, Code, DataList, Drawer, Group, Stack, Text, Title } from '@mantine/core';
import { IconCurrencyDollar } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import type { Asset, Blockchain } from '../../../contract/catalogue';
import { ActionButton } from '../../components/action-button';
import { ExternalLink } from '../../components/external-link';
import { CopyableValue } from '../../components/copyable-value';
import { DataField, wrapAnywhere } from '../../components/facts';
import { ErrorView } from '../../components/error-view';
import { UtcTime } from '../../components/utc-time';
import { assetQueries } from './api';
import { AssetBadges } from './asset-badges';
import { AssetIcon } from './asset-icon';
import { formatPrice } from '../../lib/rounded-amounts';
import { explorerLinks } from '../../lib/explorer-links';
import { ASSET_CLASS_LABELS, chainLabel, SCOPE_LABELS } from './labels';
import { NoteEditor } from './note-editor';
import { SetPriceForm } from './set-price-form';
import { useReturnFocus } from './use-return-focus';
import { LoadingSkeleton } from '../../components/section';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby={id}>
      <Title id={id} order={3} size="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function OnChain({ asset, chain }: { asset: Asset; chain: Blockchain | undefined }) {
  const { onchain } = asset;
  const links = chain ? explorerLinks(asset, chain) : [];
  return (
    <Section id="asset-onchain" title="On chain">
      <DataList labelWidth={130}>
        <DataField label="Blockchain">{chain ? chainLabel(chain) : (asset.blockchainId ?? 'None (fiat)')}</DataField>
        <DataField label="Address">{onchain.address ? <CopyableValue value={onchain.address} label="address" /> : 'None: the chain’s native coin'}</DataField>
        <DataField label="Symbol">{onchain.symbol}</DataField>
        <DataField label="Name">{onchain.name}</DataField>
        <DataField label="Decimals">{onchain.decimals}</DataField>
        <DataField label="Standards">{onchain.standards.length ? onchain.standards.join(', ') : 'None'}</DataField>
        <DataField label="Class">{ASSET_CLASS_LABELS[asset.assetClass]}</DataField>
        <DataField label="Scope">
          {SCOPE_LABELS[asset.metadata.scope]}
          {asset.metadata.scope === 'LOCAL' ? ': registered by this workspace' : ': in every workspace'}
        </DataField>
        <DataField label="Legacy ID">
          <CopyableValue value={asset.legacyId} label="legacy id" />
        </DataField>
        <DataField label="Asset ID">
          <Code style={wrapAnywhere}>{asset.id}</Code>
        </DataField>
      </DataList>
      {links.length > 0 && (
        <Group gap="md">
          {links.map((link) => (
            <ExternalLink key={link.href} href={link.href}>
              {link.label}
            </ExternalLink>
          ))}
        </Group>
      )}
    </Section>
  );
}

function Price({ asset, canSet }: { asset: Asset; canSet: boolean }) {
  const [setting, setSetting] = useState(false);
  const setButton = useReturnFocus(setting);
  const { price } = asset;
  return (
    <Section id="asset-price" title="Price">
      {price ? (
        <Text size="sm" data-testid="asset-price">
          <Text span ff="monospace" fw={600}>
            {formatPrice(price.price)} {price.currency}
          </Text>{' '}
          per {asset.displaySymbol}, set <UtcTime ms={price.lastUpdateAt * 1000} />
        </Text>
      ) : (
        <Text size="sm" c="dimmed">
          No price set in this workspace.
        </Text>
      )}
      {canSet && setting && <SetPriceForm asset={asset} onDone={() => setSetting(false)} />}
      {canSet && !setting && (
        <Group>
          <ActionButton
            operation="setAssetPrice"
            ref={setButton}
            variant="light"
            size="xs"
            leftSection={<IconCurrencyDollar size={14} aria-hidden />}
            onClick={() => setSetting(true)}
          >
            Set price
          </ActionButton>
        </Group>
      )}
    </Section>
  );
}

function AssetDetail({ id, chains, canSetPrice, canEditNote }: { id: string; chains: Map<string, Blockchain> } & Permissions) {
  const asset = useQuery(assetQueries.detail(id));
  if (asset.isPending) {
    return <LoadingSkeleton label="Loading the asset…" heights={[48, 240]} gap="sm" />;
  }
  if (asset.isError) return <ErrorView title="The asset could not be loaded" error={asset.error} onRetry={() => void asset.refetch()} />;

  const { data } = asset;
  return (
    <Stack gap="lg">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <AssetIcon asset={data} size="lg" />
        <Stack gap={4}>
          <Title order={2} size="h3">
            {data.displayName}
          </Title>
          <Group gap="xs">
            <Badge variant="outline" color="gray">
              {data.displaySymbol}
            </Badge>
            <AssetBadges asset={data} />
          </Group>
        </Stack>
      </Group>
      <OnChain asset={data} chain={data.blockchainId ? chains.get(data.blockchainId) : undefined} />
      <Price asset={data} canSet={canSetPrice} />
      <Section id="asset-note" title="My note">
        <NoteEditor asset={data} canEdit={canEditNote} />
      </Section>
    </Stack>
  );
}

interface Permissions {
  canSetPrice: boolean;
  canEditNote: boolean;
}

interface AssetDrawerProps extends Permissions {
  /** The asset to show, by id; null when the drawer is closed. */
  assetId: string | null;
  chains: Map<string, Blockchain>;
  onClose: () => void;
}

/** One asset in full. Escape or the close button closes it, and focus returns to the row's symbol. */
export function AssetDrawer({ assetId, onClose, ...detail }: AssetDrawerProps) {
  // The content stays while the drawer slides out, rather than vanishing before it has gone.
  const [shown, setShown] = useState(assetId);
  if (assetId !== null && assetId !== shown) setShown(assetId);

  return (
    <Drawer
      opened={assetId !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title="Asset details"
      closeButtonProps={{ 'aria-label': 'Close asset details' }}
    >
      {shown && <AssetDetail key={shown} id={shown} {...detail} />}
    </Drawer>
  );
}
