import { Button, Group, MultiSelect, Select, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { useState } from 'react';
import { TRANSACTION_STATUSES, type TransactionStatus } from '../../../contract/transactions';
import { TRANSACTION_STATUS_LABELS } from '../../components/transaction-status-badge';
import { hasFilters, NO_FILTERS, type TransactionsView } from './transactions-view';

const STATUS_OPTIONS = TRANSACTION_STATUSES.map((value) => ({ value, label: TRANSACTION_STATUS_LABELS[value].label }));
const SORT_OPTIONS = [
  { value: 'DESC', label: 'Newest first' },
  { value: 'ASC', label: 'Oldest first' },
];

/** A text filter applied when the user is done typing (Enter or leaving the field), not per key. */
function TextFilter({
  label,
  placeholder,
  value,
  onApply,
}: {
  label: string;
  placeholder: string;
  value: string | null;
  onApply: (value: string | null) => void;
}) {
  const [text, setText] = useState(value ?? '');
  const apply = () => {
    const next = text.trim() || null;
    if (next !== value) onApply(next);
  };
  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      value={text}
      spellCheck={false}
      autoComplete="off"
      onChange={(event) => setText(event.currentTarget.value)}
      onBlur={apply}
      onKeyDown={(event) => {
        if (event.key === 'Enter') apply();
      }}
    />
  );
}

export function TransactionFilters({ view, onChange }: { view: TransactionsView; onChange: (changes: Partial<TransactionsView>) => void }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} component="section" aria-label="Filters">
      <MultiSelect
        label="Status"
        placeholder={view.status.length === 0 ? 'Any status' : undefined}
        data={STATUS_OPTIONS}
        value={view.status}
        onChange={(status) => onChange({ status: status as TransactionStatus[] })}
        clearable
        searchable
      />
      {/* Keyed by the applied value, so each field follows the back button and "Clear filters". */}
      <TextFilter
        key={`asset-${view.asset ?? ''}`}
        label="Asset"
        placeholder="Any asset, e.g. BTC"
        value={view.asset}
        onApply={(asset) => onChange({ asset })}
      />
      <Select
        label="Sort"
        data={SORT_OPTIONS}
        value={view.sort}
        onChange={(sort) => onChange({ sort: sort === 'ASC' ? 'ASC' : 'DESC' })}
        allowDeselect={false}
      />
      <TextFilter
        key={`hash-${view.txHash ?? ''}`}
        label="Transaction hash"
        placeholder="Any hash"
        value={view.txHash}
        onApply={(txHash) => onChange({ txHash })}
      />
      <TextFilter
        key={`order-${view.orderId ?? ''}`}
        label="Trading order"
        placeholder="Any order id"
        value={view.orderId}
        onApply={(orderId) => onChange({ orderId })}
      />
      {/* Shown, so a list opened from the home's tile says why it is short. */}
      <Switch
        label="Stuck only"
        description="Confirming for longer than the stuck-alert limit (EVM)"
        checked={view.stuck}
        onChange={(event) => onChange({ stuck: event.currentTarget.checked })}
        mt={{ sm: 'xl' }}
      />
      {hasFilters(view) && (
        <Group>
          <Button
            variant="subtle"
            leftSection={<IconFilterOff size={16} aria-hidden />}
            onClick={() => onChange({ ...NO_FILTERS, sort: view.sort })}
            mt={{ sm: 'xl' }}
          >
            Clear filters
          </Button>
        </Group>
      )}
    </SimpleGrid>
  );
}
