import { Button, Group, Select, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import { ASSET_CLASSES, ASSET_SCOPES, type Blockchain } from '../../../contract/catalogue';
import type { AssetFilters, AssetsView } from './assets-view';
import { hasFilters, NO_FILTERS } from './assets-view';
import { SEARCH_DELAY_MS } from '../../lib/search-delay';
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

/**
 * The search, applied as one types (once typing pauses), at once on Enter or on leaving the field.
 * The field is not keyed by the applied text like the symbol's: a remount per search would take the
 * focus and the keys typed while the address catches up. It follows the address only when that
 * brings a search it did not ask for (the back button, "Clear filters").
 */
function SearchFilter({ value, onApply }: { value: string | null; onApply: (text: string | null) => void }) {
  const [text, setText] = useState(value ?? '');
  // The searches asked for that the address may still bring in, oldest first: the address lags
  // behind a quick typist, and each of them arriving is no reason to rewrite the field.
  const [asked, setAsked] = useState<(string | null)[]>([value]);
  const arrived = asked.indexOf(value);
  if (arrived === -1) {
    setAsked([value]);
    setText(value ?? '');
  } else if (arrived > 0) {
    setAsked(asked.slice(arrived));
  }
  const apply = (typed: string) => {
    const search = typed.trim() || null;
    if (search === asked.at(-1)) return;
    setAsked((before) => [...before, search]);
    onApply(search);
  };
  const applyLater = useDebouncedCallback(apply, SEARCH_DELAY_MS);
  const applyNow = () => {
    applyLater.cancel();
    apply(text);
  };
  return (
    <TextInput
      label="Search"
      description="Part of a symbol, name or address, in any case; the list follows as you type"
      placeholder="e.g. usd or 0xdac17f"
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        applyLater(event.currentTarget.value);
      }}
      onBlur={applyNow}
      onKeyDown={(event) => {
        if (event.key === 'Enter') applyNow();
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
      <SearchFilter value={view.q} onApply={(q) => onChange({ q })} />
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
