import { Button, Group, MultiSelect, Select, TextInput } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { ORDER_STATUSES, type OrderStatus, type TradingProvider } from '../../../contract/trading';
import { STATUS_LABELS } from './labels';
import { hasOrderFilters, NO_ORDER_FILTERS, type OrdersView, rangeProblem } from './orders-view';

const STATUS_OPTIONS = ORDER_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }));

interface OrderFiltersProps {
  view: OrdersView;
  providers: TradingProvider[];
  onChange: (changes: Partial<OrdersView>) => void;
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
      <TextInput label="From (UTC)" type="date" value={view.from ?? ''} onChange={(event) => onChange({ from: event.currentTarget.value || null })} w={170} />
      <TextInput
        label="To (UTC)"
        type="date"
        value={view.to ?? ''}
        onChange={(event) => onChange({ to: event.currentTarget.value || null })}
        error={rangeProblem(view)}
        w={170}
      />
      {hasOrderFilters(view) && (
        <Button variant="subtle" leftSection={<IconFilterOff size={16} aria-hidden />} onClick={() => onChange(NO_ORDER_FILTERS)}>
          Clear filters
        </Button>
      )}
    </Group>
  );
}
