import { Button, Group, Select, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { useState } from 'react';
import { ASSET_CLASSES, ASSET_SCOPES, type Blockchain } from '../../../contract/catalogue';
import type { AssetFilters, AssetsView } from './assets-view';
import { hasFilters, NO_FILTERS } from './assets-view';
import { ASSET_CLASS_LABELS, chainLabel, SCOPE_LABELS } from './labels';

const CLASS_OPTIONS = ASSET_CLASSES.map((value) => ({ value, label: ASSET_CLASS_LABELS[value] }));
const SCOPE_OPTIONS = ASSET_SCOPES.map((value) => ({
  value,
  label: value === 'LOCAL' ? 'Local (this workspace)' : SCOPE_LABELS[value],
}));
const DEPRECATED_OPTIONS = [
  { value: 'false', label: 'In use' },
  { value: 'true', label: 'Deprecated' },
];

/** A chain in the address by id or legacy id (both work with the service); links use the legacy id. */
const isChain = (chain: Blockchain, id: string) => chain.legacyId === id || chain.id === id;

/** Text applied when the user is done typing it (Enter or leaving the field), not per key. */
function TextFilter({
  value,
  onApply,
  ...field
}: {
  label: string;
  description: string;
  placeholder: string;
  value: string | null;
  onApply: (text: string | null) => void;
}) {
  const [text, setText] = useState(value ?? '');
  const apply = () => {
    const applied = text.trim() || null;
    if (applied !== value) onApply(applied);
  };
  return (
    <TextInput
      {...field}
      value={text}
      onChange={(event) => setText(event.currentTarget.value)}
      onBlur={apply}
      onKeyDown={(event) => {
        if (event.key === 'Enter') apply();
      }}
    />
  );
}

interface AssetFiltersProps {
  view: AssetsView;
  /** Every blockchain, for the blockchain filter; empty while they load. */
  chains: Blockchain[];
  onChange: (filters: Partial<AssetFilters>) => void;
}

export function AssetFiltersPanel({ view, chains, onChange }: AssetFiltersProps) {
  const selected = view.blockchainId === null ? undefined : chains.find((chain) => isChain(chain, view.blockchainId!));
  // A chain from a link stays listed even where the testnet switch would hide it, so the field
  // always shows the filter that is applied.
  const offered = chains.filter((chain) => !view.testnets || chain.onchain.test || chain === selected);
  const chainOptions = offered.map((chain) => ({ value: chain.legacyId, label: chainLabel(chain) }));
  if (view.blockchainId !== null && !selected) chainOptions.push({ value: view.blockchainId, label: view.blockchainId });

  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} component="section" aria-label="Filters">
      <TextFilter
        key={`q:${view.q ?? ''}`}
        label="Search"
        description="Part of a symbol, name or address, in any case"
        placeholder="e.g. usd or 0xdac17f"
        value={view.q}
        onApply={(q) => onChange({ q })}
      />
      <Select
        label="Blockchain"
        placeholder={view.testnets ? 'Choose a testnet' : 'Any blockchain'}
        data={chainOptions}
        value={selected?.legacyId ?? view.blockchainId}
        onChange={(blockchainId) => onChange({ blockchainId })}
        searchable
        clearable
        nothingFoundMessage="No blockchain by that name"
      />
      <Switch
        label="Testnets only"
        checked={view.testnets}
        onChange={(event) => {
          const testnets = event.currentTarget.checked;
          // A mainnet chosen before would contradict the switch: the choice starts over.
          const keepChain = !testnets || selected?.onchain.test === true;
          onChange({ testnets, blockchainId: keepChain ? view.blockchainId : null });
        }}
        mt={{ sm: 'xl' }}
      />
      <Select
        label="Class"
        placeholder="Any class"
        data={CLASS_OPTIONS}
        value={view.assetClass}
        onChange={(assetClass) => onChange({ assetClass: assetClass as AssetFilters['assetClass'] })}
        clearable
      />
      {/* Keyed by the applied symbol, so the field follows the back button and "Clear filters". */}
      <TextFilter
        key={view.symbol ?? ''}
        label="Symbol"
        description="Exact on-chain symbol, e.g. USDC"
        placeholder="Any symbol"
        value={view.symbol}
        onApply={(symbol) => onChange({ symbol })}
      />
      <Select
        label="Scope"
        placeholder="Any scope"
        data={SCOPE_OPTIONS}
        value={view.scope}
        onChange={(scope) => onChange({ scope: scope as AssetFilters['scope'] })}
        clearable
      />
      <Select
        label="Status"
        placeholder="In use or deprecated"
        data={DEPRECATED_OPTIONS}
        value={view.deprecated === null ? null : String(view.deprecated)}
        onChange={(value) => onChange({ deprecated: value === null ? null : value === 'true' })}
        clearable
      />
      {hasFilters(view) && (
        <Group>
          <Button variant="subtle" leftSection={<IconFilterOff size={16} aria-hidden />} onClick={() => onChange(NO_FILTERS)}>
            Clear filters
          </Button>
        </Group>
      )}
    </SimpleGrid>
  );
}
