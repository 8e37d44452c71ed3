import { Group, Modal } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { Suspense, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { mayPerform } from '../../../contract/operations';
import { useSignedInUser } from '../../lib/use-session-state';
import { ActionButton } from '../../components/action-button';
import { FormLoader } from '../../components/form-loader';
import { Page } from '../../components/page';
import { preloadable } from '../../components/preloadable';
import type { PageData } from '../../lib/page-data';
import { useRequestedAction } from '../../lib/requested-action';
import { useUrlState } from '../../lib/use-url-state';
import { transactionQueries } from './api';
import { TransactionFilters } from './transaction-filters';
import { TransactionsList } from './transactions-list';
import { NO_FILTERS, parseTransactionsSearch, toTransactionsSearch, type TransactionsView } from './transactions-view';

// The new transfer's form (its own form library and checks) is not drawn until asked for: fetched as
// the page opens, not before it draws.
const NewTransferForm = preloadable(async () => (await import('./new-transfer-form')).NewTransferForm);

const write = (view: TransactionsView) => ({ search: toTransactionsSearch(view) });

export const pageData: PageData = {
  errorTitle: 'The transactions could not be loaded',
  load: ({ queryClient, search }) => queryClient.ensureInfiniteQueryData(transactionQueries.list(parseTransactionsSearch(search))),
};

/** The workspace's transactions at /transactions, filtered by the address, with a new transfer for who may submit one. */
export default function TransactionsPage() {
  const { role } = useSignedInUser();
  const navigate = useNavigate();
  const [view, update] = useUrlState(parseTransactionsSearch, write);
  const [creating, setCreating] = useState(false);
  useEffect(() => NewTransferForm.preload(), []);
  useRequestedAction('createTransaction', () => setCreating(true));
  const change = (changes: Partial<TransactionsView>) => update((latest) => ({ ...latest, ...changes }));

  return (
    <Page title="Transactions" description="The workspace's transfers and settlements: where each one stands, what it moves and what it cost.">
      {mayPerform(role, 'createTransaction') && (
        <Group>
          <ActionButton operation="createTransaction" leftSection={<IconSend size={16} aria-hidden />} onClick={() => setCreating(true)}>
            New transfer
          </ActionButton>
        </Group>
      )}
      <TransactionFilters view={view} onChange={change} />
      <TransactionsList view={view} onClearFilters={() => change({ ...NO_FILTERS, sort: view.sort })} />
      {/* Clicking outside would throw away an address typed or pasted with care. */}
      <Modal opened={creating} onClose={() => setCreating(false)} title="New transfer" size="lg" closeOnClickOutside={false}>
        <Suspense fallback={<FormLoader />}>
          <NewTransferForm
            onCancel={() => setCreating(false)}
            onCreated={(txId) => {
              setCreating(false);
              // The new transfer's own page, to watch it move.
              void navigate(`/transactions/${encodeURIComponent(txId)}`);
            }}
          />
        </Suspense>
      </Modal>
    </Page>
  );
}
