import { Button, Group, MultiSelect, Select, TextInput } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { useState } from 'react';
import { ORDER_STATUSES, type OrderStatus, type TradingProvider } from '../../../contract/trading';
import { STATUS_LABELS } from './labels';
import { dayStart, hasOrderFilters, NO_ORDER_FILTERS, type OrdersView, rangeProblem } from './orders-view';

const STATUS_OPTIONS = ORDER_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }));

interface OrderFiltersProps {
  view: OrdersView;
  providers: TradingProvider[];
  onChange: (changes: Partial<OrdersView>) => void;
}

/**
 * A day of the filter, typed as the console writes a day (YYYY-MM-DD; a date input would show the
 * browser's mm/dd/yyyy): it reaches the address once it is a real day, or once emptied. What is
 * typed is kept while it is not one yet, and said to be wrong once the input is left.
 */
function DayFilter({ label, day, onDay, error }: { label: string; day: string | null; onDay: (day: string | null) => void; error: string | null }) {
  const [text, setText] = useState(day ?? '');
  const [left, setLeft] = useState(false);
  // The address changed from elsewhere (Clear filters, back and forward): show what it holds now.
  const [shown, setShown] = useState(day);
  if (day !== shown) {
    setShown(day);
    setText(day ?? '');
  }
  const unreadable = text.trim() !== '' && dayStart(text.trim()) === null;
  return (
    <TextInput
      label={label}
      placeholder="YYYY-MM-DD"
      maxLength={10}
      autoComplete="off"
      spellCheck={false}
      value={text}
      onChange={(event) => {
        const typed = event.currentTarget.value;
        setText(typed);
        setLeft(false);
        if (typed.trim() === '') onDay(null);
        else if (dayStart(typed.trim()) !== null) onDay(typed.trim());
      }}
      onBlur={() => setLeft(true)}
      error={left && unreadable ? 'Write the day as YYYY-MM-DD, e.g. 2026-01-31' : error}
      w={170}
    />
  );
}

/** The list's filters; every change lands in the address, so a filtered list is a link. */
export function OrderFilters({ view, providers, onChange }: OrderFiltersProps) {
  // The accounts of the chosen provider, or of every provider when none is chosen.
  const accounts = providers
    .filter((provider) => !view.providerId || provider.id === view.providerId)
    .flatMap((provider) => (provider.accounts ?? []).map((account) => ({ value: account.id, label: `${account.name} (${provider.name})` })));
  return (
    <Group align="flex-end" gap="sm" role="search" aria-label="Filter orders">
      <MultiSelect
        label="Status"
        placeholder={view.statuses.length === 0 ? 'Any status' : undefined}
        data={STATUS_OPTIONS}
        value={view.statuses}
        onChange={(statuses) => onChange({ statuses: statuses as OrderStatus[] })}
        clearable
        w={280}
      />
      <Select
        label="Provider"
        placeholder="Any provider"
        data={providers.map((provider) => ({ value: provider.id, label: provider.name }))}
        value={view.providerId}
        onChange={(providerId) => onChange({ providerId, accountId: null })}
        clearable
        w={220}
      />
      <Select
        label="Account"
        placeholder="Any account"
        data={accounts}
        value={view.accountId}
        onChange={(accountId) => onChange({ accountId })}
        clearable
        disabled={accounts.length === 0}
        w={260}
      />
      <DayFilter label="From (UTC)" day={view.from} onDay={(from) => onChange({ from })} error={null} />
      <DayFilter label="To (UTC)" day={view.to} onDay={(to) => onChange({ to })} error={rangeProblem(view)} />
      {hasOrderFilters(view) && (
        <Button variant="subtle" leftSection={<IconFilterOff size={16} aria-hidden />} onClick={() => onChange(NO_ORDER_FILTERS)}>
          Clear filters
        </Button>
      )}
    </Group>
  );
}
