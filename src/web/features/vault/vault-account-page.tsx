import { Anchor, Group, Paper, SimpleGrid, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Link, useParams } from 'react-router';
import type { Asset } from '../../../contract/catalogue';
import type { PeerPath, TransactionDetails } from '../../../contract/transactions';
import type { VaultAccount } from '../../../contract/vault';
import { BackLink } from '../../components/back-link';
import { CopyableValue } from '../../components/copyable-value';
import { ErrorView } from '../../components/error-view';
import { ColumnHeads, TimeCell } from '../../components/facts';
import { Page } from '../../components/page';
import { QrCode } from '../../components/qr-code';
import { ReadableAmount } from '../../components/readable-amount';
import { Section } from '../../components/section';
import { TransactionAmount } from '../../components/transaction-amount';
import { TransactionStatusBadge } from '../../components/transaction-status-badge';
import { VaultAccountLink } from '../../components/vault-account-link';
import { formatMoney } from '../../lib/amounts';
import type { PageData } from '../../lib/page-data';
import { useVaultAccountNames } from '../../lib/vault-queries';
import { vaultAccountQueries } from './api';
import { NoPrice, UsdWorth } from './usd-worth';
import { useAssetsByLegacyId } from '../../lib/use-assets-by-legacy-id';
import { accountWorth, usdValue } from '../../lib/usd-value';

function Loading({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <Stack gap="xs" role="status">
      <VisuallyHidden>{label}</VisuallyHidden>
      {Array.from({ length: rows }, (_, row) => (
        <Skeleton key={row} height={32} radius="sm" />
      ))}
    </Stack>
  );
}

/** An amount of `asset` to its own decimals; as the service sent it while the catalogue's asset is not known. */

function Balances({ account, assets, pending }: { account: VaultAccount; assets: ReadonlyMap<string, Asset>; pending: boolean }) {
  if (pending) return <Loading label="Loading the balances…" />;
  if (account.assets.length === 0) return <Text size="sm">This account holds no assets yet.</Text>;
  return (
    // The table holds nothing focusable: on a narrow screen its scrolling area takes the focus, so a keyboard can scroll it.
    <Table.ScrollContainer minWidth={720} scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}>
      <Table striped verticalSpacing="sm" aria-label="Balances">
        <ColumnHeads
          columns={[
            'Asset',
            { label: 'Total', align: 'right' },
            { label: 'Available', align: 'right' },
            { label: 'Pending', align: 'right' },
            { label: 'Locked', align: 'right' },
            { label: 'Value (USD)', align: 'right' },
          ]}
        />
        <Table.Tbody>
          {account.assets.map((holding) => {
            const asset = assets.get(holding.id);
            const value = usdValue(holding.total, asset);
            return (
              <Table.Tr key={holding.id}>
                <Table.Th scope="row" fw={400}>
                  <Text size="sm" fw={500}>
                    {holding.id}
                  </Text>
                  {asset && (
                    <Text size="xs" c="dimmed">
                      {asset.displayName}
                    </Text>
                  )}
                </Table.Th>
                {[holding.total, holding.available, holding.pending, holding.lockedAmount].map((amount, column) => (
                  <Table.Td key={column} ta="right" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                    <ReadableAmount amount={amount} asset={asset} unit="" />
                  </Table.Td>
                ))}
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {value === null ? <NoPrice /> : formatMoney(value, 'USD')}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The deposit address of one of the account's asset wallets, to copy or to scan. */
function DepositAddress({ accountId, assetId, asset }: { accountId: string; assetId: string; asset: Asset | undefined }) {
  const addresses = useQuery(vaultAccountQueries.addresses(accountId, assetId));
  const label = asset ? `${assetId} (${asset.displayName})` : assetId;
  return (
    <Paper withBorder p="sm" component="article" aria-label={`${assetId} deposit address`}>
      <Stack gap="xs">
        <Text fw={500} size="sm">
          {label}
        </Text>
        {addresses.isPending && <Loading label={`Loading the ${assetId} deposit address…`} rows={2} />}
        {addresses.isError && (
          <ErrorView title={`The ${assetId} deposit address could not be loaded`} error={addresses.error} onRetry={() => void addresses.refetch()} />
        )}
        {addresses.data?.addresses.map((address) => (
          <Stack key={address.address} gap="xs">
            <CopyableValue value={address.address} label={`${assetId} deposit address`} />
            {address.tag && (
              <Group gap="xs">
                <Text size="sm">Tag or memo (required):</Text>
                <CopyableValue value={address.tag} label={`${assetId} tag`} />
              </Group>
            )}
            <QrCode value={address.address} alt={`QR code of the ${assetId} deposit address`} size={160} />
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}

/** The other side of a transfer, seen from the account: a link when it is another vault account. */
function Counterparty({ peer, names }: { peer: PeerPath; names: ReadonlyMap<string, string> }) {
  const name = peer.name || (peer.id ? names.get(peer.id) : undefined);
  if (peer.type === 'VAULT_ACCOUNT' && peer.id)
    return <VaultAccountLink id={peer.id}>{name ? `${name} (${peer.id})` : `Vault account ${peer.id}`}</VaultAccountLink>;
  return <Text size="sm">{name ?? peer.id ?? peer.type.toLowerCase().replace(/_/g, ' ')}</Text>;
}

const isThisAccount = (peer: PeerPath, accountId: string) => peer.type === 'VAULT_ACCOUNT' && peer.id === accountId;

function RecentTransactions({ accountId }: { accountId: string }) {
  const recent = useQuery(vaultAccountQueries.recentTransactions(accountId));
  const names = useVaultAccountNames();
  // The same cached catalogue queries as the balances': a transfer's asset may no longer be held.
  const { assets } = useAssetsByLegacyId((recent.data ?? []).flatMap((tx) => (tx.assetId ? [tx.assetId] : [])));
  if (recent.isPending) return <Loading label="Loading the recent transactions…" />;
  if (recent.isError) return <ErrorView title="The recent transactions could not be loaded" error={recent.error} onRetry={() => void recent.refetch()} />;
  if (recent.data.length === 0) return <Text size="sm">No transactions yet.</Text>;
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped verticalSpacing="sm" aria-label="Recent transactions">
        <ColumnHeads columns={['Transaction', 'Status', 'Direction', { label: 'Amount', align: 'right' }, 'Counterparty', 'Created']} />
        <Table.Tbody>
          {recent.data.map((tx: TransactionDetails) => {
            const sent = isThisAccount(tx.source, accountId);
            return (
              <Table.Tr key={tx.id}>
                <Table.Td>
                  <Anchor component={Link} to={`/transactions/${encodeURIComponent(tx.id)}`} ff="monospace" size="sm" aria-label={`Open transaction ${tx.id}`}>
                    {tx.id.length > 12 ? `${tx.id.slice(0, 8)}…` : tx.id}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <TransactionStatusBadge status={tx.status} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{sent ? 'Sent' : 'Received'}</Text>
                </Table.Td>
                <Table.Td ta="right">
                  <TransactionAmount tx={tx} asset={tx.assetId ? assets.get(tx.assetId) : undefined} />
                </Table.Td>
                <Table.Td>
                  <Counterparty peer={sent ? tx.destination : tx.source} names={names} />
                </Table.Td>
                <TimeCell ms={tx.createdAt} />
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function AccountView({ account }: { account: VaultAccount }) {
  const { assets, pending } = useAssetsByLegacyId(account.assets.map((holding) => holding.id));
  return (
    <>
      <Group gap="xl" align="flex-start">
        <Stack gap={2}>
          <Text size="sm" c="dimmed">
            Account id
          </Text>
          <CopyableValue value={account.id} label="account id" />
        </Stack>
        <Stack gap={2} data-testid="account-worth">
          <Text size="sm" c="dimmed">
            Total value (USD)
          </Text>
          <UsdWorth worth={pending ? null : accountWorth(account, assets)} />
        </Stack>
      </Group>
      <Section title="Balances">
        <Balances account={account} assets={assets} pending={pending} />
      </Section>
      <Section title="Deposit addresses">
        {account.assets.length === 0 ? (
          <Text size="sm">An address is shown for each asset the account holds.</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
            {account.assets.map((holding) => (
              <DepositAddress key={holding.id} accountId={account.id} assetId={holding.id} asset={assets.get(holding.id)} />
            ))}
          </SimpleGrid>
        )}
      </Section>
      <Section title="Recent transactions">
        <RecentTransactions accountId={account.id} />
      </Section>
    </>
  );
}

export const pageData: PageData = {
  errorTitle: 'The vault account could not be loaded',
  load: ({ queryClient, params }) => queryClient.ensureQueryData(vaultAccountQueries.detail(params.accountId ?? '')),
  back: { to: '/vault/accounts', label: 'All vault accounts' },
};

function LoadedAccount({ accountId }: { accountId: string }) {
  const { data: account } = useSuspenseQuery(vaultAccountQueries.detail(accountId));
  return (
    <Page title={account.name} description={`Vault account ${account.id}`}>
      <BackLink to="/vault/accounts">All vault accounts</BackLink>
      <AccountView account={account} />
    </Page>
  );
}

/** One vault account at /vault/accounts/:accountId: its balances, deposit addresses and recent transactions. */
export default function VaultAccountPage() {
  const { accountId = '' } = useParams();
  return (
    <Suspense
      fallback={
        <Page title="Vault account">
          <BackLink to="/vault/accounts">All vault accounts</BackLink>
          <Loading label="Loading the vault account…" />
        </Page>
      }
    >
      <LoadedAccount accountId={accountId} />
    </Suspense>
  );
}
