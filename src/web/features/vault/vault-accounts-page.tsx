import { Anchor, Badge, Button, EmptyState, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconBuildingBank, IconSearch } from '@tabler/icons-react';
import { useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { type FormEvent, Suspense, useState } from 'react';
import { Link } from 'react-router';
import type { VaultAccount } from '../../../contract/vault';
import { ColumnHeads } from '../../components/facts';
import { LoadMoreButton } from '../../components/load-more-button';
import { Page } from '../../components/page';
import { vaultAccountPath } from '../../components/vault-account-link';
import type { PageData } from '../../lib/page-data';
import { useUrlState } from '../../lib/use-url-state';
import { VAULT_PAGE_SIZE, vaultAccountQueries } from './api';
import { UsdWorth } from './usd-worth';
import { useAssetsByLegacyId } from '../../lib/use-assets-by-legacy-id';
import { type AccountWorth, accountWorth } from '../../lib/usd-value';
import { LoadingSkeleton } from '../../components/section';

/** The name search lives in the address (`?name=`): an account's name is the workspace's, not a person's. */
const readSearch = (search: URLSearchParams) => search.get('name') ?? '';
const writeSearch = (name: string) => ({ search: new URLSearchParams(name ? { name } : {}) });

function NameSearch({ value, onSearch }: { value: string; onSearch: (name: string) => void }) {
  const [text, setText] = useState(value);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form role="search" aria-label="Vault accounts" onSubmit={submit}>
      <Group align="flex-end" gap="xs">
        <TextInput
          label="Name starts with"
          placeholder="Any name"
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          maw={320}
          style={{ flexGrow: 1 }}
        />
        <Button type="submit" variant="default" leftSection={<IconSearch size={16} aria-hidden />}>
          Search
        </Button>
      </Group>
    </form>
  );
}

function AccountRow({ account, worth }: { account: VaultAccount; worth: AccountWorth | null }) {
  const held = account.assets.filter((asset) => asset.total !== '0');
  return (
    <Table.Tr>
      <Table.Td>
        <Anchor component={Link} to={vaultAccountPath(account.id)} size="sm" fw={500}>
          {account.name}
        </Anchor>
        <Text size="xs" c="dimmed">
          Id {account.id}
        </Text>
      </Table.Td>
      <Table.Td ta="right">
        <UsdWorth worth={worth} />
      </Table.Td>
      <Table.Td>
        {held.length === 0 ? (
          <Text size="sm" c="dimmed">
            None
          </Text>
        ) : (
          <Group gap={4} role="list" aria-label="Assets held">
            {held.map((asset) => (
              <Badge key={asset.id} variant="light" color="gray" tt="none" role="listitem">
                {asset.id}
              </Badge>
            ))}
          </Group>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

export const pageData: PageData = {
  errorTitle: 'The vault accounts could not be loaded',
  load: ({ queryClient, search }) => queryClient.ensureInfiniteQueryData(vaultAccountQueries.pages(readSearch(search))),
};

/** The accounts whose name starts with `name`, a page at a time. */
function Accounts({ name, pageSize, onShowAll }: { name: string; pageSize: number; onShowAll: () => void }) {
  const list = useSuspenseInfiniteQuery(vaultAccountQueries.pages(name, pageSize));
  const accounts = list.data.pages.flatMap((page) => page.accounts).filter((account) => !account.hiddenOnUI);
  const { assets, pending } = useAssetsByLegacyId(accounts.flatMap((account) => account.assets.map((asset) => asset.id)));

  if (accounts.length === 0) {
    return (
      <EmptyState icon={<IconBuildingBank aria-hidden />} withIndicatorBackground align="left" py="xl">
        <EmptyState.Title order={2}>{name ? `No vault account’s name starts with “${name}”` : 'No vault accounts yet'}</EmptyState.Title>
        {name && (
          <EmptyState.Actions>
            <Button variant="light" onClick={onShowAll}>
              Show every account
            </Button>
          </EmptyState.Actions>
        )}
      </EmptyState>
    );
  }
  return (
    <Stack gap="sm">
      <Text size="sm" aria-live="polite" data-testid="vault-accounts-count">
        {accounts.length === 1 ? '1 account' : `${accounts.length} accounts`}
        {list.hasNextPage ? ', more below' : ''}
      </Text>
      <Table.ScrollContainer minWidth={560}>
        <Table striped verticalSpacing="sm" aria-label="Vault accounts">
          <ColumnHeads columns={['Account', { label: 'Total value (USD)', align: 'right' }, 'Assets held']} />
          <Table.Tbody>
            {accounts.map((account) => (
              <AccountRow key={account.id} account={account} worth={pending ? null : accountWorth(account, assets)} />
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <LoadMoreButton list={list}>More accounts</LoadMoreButton>
    </Stack>
  );
}

/** The workspace's vault accounts at /vault/accounts: what each one is worth and holds, searched by name. */
export default function VaultAccountsPage({ pageSize = VAULT_PAGE_SIZE }: { pageSize?: number }) {
  const [name, setName] = useUrlState(readSearch, writeSearch);
  return (
    <Page
      title="Vault accounts"
      description="The accounts that hold the workspace's assets: what each one is worth at the catalogue's prices, and what it holds."
    >
      {/* Keyed by the search, so going back in history shows the search the address holds. */}
      <NameSearch key={name} value={name} onSearch={(next) => setName(() => next)} />
      <Suspense fallback={<LoadingSkeleton label="Loading vault accounts…" heights={[40, 40, 40]} gap="xs" radius="sm" />}>
        <Accounts name={name} pageSize={pageSize} onShowAll={() => setName(() => '')} />
      </Suspense>
    </Page>
  );
}
