import { Alert, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { type ReactNode, Suspense } from 'react';
import { useParams } from 'react-router';
import type { PeerPath, TransactionWithTimeline } from '../../../contract/transactions';
import { ExternalLink } from '../../components/external-link';
import { BackLink } from '../../components/back-link';
import { CopyableValue } from '../../components/copyable-value';
import { ErrorView } from '../../components/error-view';
import { Facts } from '../../components/facts';
import { Page } from '../../components/page';
import { Person } from '../../components/person';
import { LoadingSkeleton, Section } from '../../components/section';
import { TransactionStatusBadge } from '../../components/transaction-status-badge';
import { UtcTime } from '../../components/utc-time';
import { isApiError } from '../../lib/api-client';
import { assetQuery, blockchainQuery } from '../../lib/catalogue-queries';
import { explorerTransactionLink } from '../../lib/explorer-links';
import type { PageData, PageErrorProps } from '../../lib/page-data';
import { useVaultAccountNames } from '../../lib/vault-queries';
import { AmountsAndFees } from './amounts-and-fees';
import { transactionQueries } from './api';
import { isFinal, subStatusLabel } from './labels';
import { PeerName } from './peer-name';
import { StatusTimeline } from './status-timeline';
import { endedAs, Undetermined } from './undetermined';

interface PeerProps {
  peer: PeerPath;
  address: string;
  /** Names the copy button: "source address". */
  label: string;
  tag?: string | undefined;
  description?: string | undefined;
}

function Peer({ peer, address, label, tag, description }: PeerProps) {
  const vaultNames = useVaultAccountNames();
  return (
    <Stack gap={4}>
      <PeerName peer={peer} vaultNames={vaultNames} fw={500} />
      {description && (
        <Text size="sm" c="dimmed">
          {description}
        </Text>
      )}
      {address && <CopyableValue value={address} label={label} />}
      {tag && (
        <Text size="sm">
          Tag or memo: <CopyableValue value={tag} label="tag" />
        </Text>
      )}
    </Stack>
  );
}

function ExplorerLink({ tx }: { tx: TransactionWithTimeline }) {
  const asset = useQuery({ ...assetQuery(tx.assetId ?? ''), enabled: Boolean(tx.assetId && tx.txHash) });
  const chainId = asset.data?.blockchainId ?? '';
  const chain = useQuery({ ...blockchainQuery(chainId), enabled: chainId !== '' });
  if (!tx.txHash)
    return isFinal(tx.status) ? (
      <Text size="sm" c="dimmed">
        Never on chain: {endedAs(tx)} before it was broadcast
      </Text>
    ) : (
      <Text size="sm" c="dimmed">
        Not on chain yet
      </Text>
    );
  const link = chain.data ? explorerTransactionLink(chain.data, tx.txHash) : null;
  // Known once the catalogue has answered: an asset without a chain has no explorer either.
  const known = asset.data !== undefined && (chainId === '' || chain.data !== undefined);
  return (
    <Stack gap={4}>
      <CopyableValue value={tx.txHash} label="transaction hash" />
      {link && <ExternalLink href={link.href}>{link.label}</ExternalLink>}
      {known && !link && (
        <Text size="xs" c="dimmed">
          The catalogue knows no explorer page for this transaction.
        </Text>
      )}
    </Stack>
  );
}

function TransactionView({ tx }: { tx: TransactionWithTimeline }) {
  const moving = !isFinal(tx.status);
  // The catalogue's asset: its decimals for the amounts, its USD price for the value.
  const asset = useQuery({ ...assetQuery(tx.assetId ?? ''), enabled: Boolean(tx.assetId) }).data;
  return (
    <Stack gap="md">
      <Group gap="sm" aria-live="polite" data-testid="transaction-status">
        <TransactionStatusBadge status={tx.status} />
        {tx.subStatus && <Text size="sm">{subStatusLabel(tx.subStatus)}</Text>}
        {moving && (
          <Group gap={4}>
            <Loader size={12} aria-hidden />
            <Text size="sm" c="dimmed">
              In progress: this page follows it
            </Text>
          </Group>
        )}
      </Group>
      {tx.systemMessages?.map((message) => (
        <Alert
          key={message.message}
          color={message.type === 'BLOCK' ? 'red' : 'yellow'}
          variant="light"
          styles={{ message: { color: 'var(--mantine-color-text)' } }}
        >
          {message.message}
        </Alert>
      ))}
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        <Section title="Status timeline">
          <StatusTimeline tx={tx} />
        </Section>
        <Section title="Amounts and fees">
          <AmountsAndFees tx={tx} asset={asset} />
        </Section>
        <Section title="Source and destination">
          <Facts
            label="Source and destination"
            rows={[
              ['From', <Peer key="from" peer={tx.source} address={tx.sourceAddress} label="source address" />],
              [
                'To',
                <Peer
                  key="to"
                  peer={tx.destination}
                  address={tx.destinationAddress}
                  label="destination address"
                  tag={tx.destinationTag}
                  description={tx.destinationAddressDescription}
                />,
              ],
            ]}
          />
        </Section>
        <Section title="On chain">
          <Facts
            label="On chain"
            rows={[
              ['Transaction hash', <ExplorerLink key="hash" tx={tx} />],
              ['Confirmations', String(tx.numOfConfirmations)],
              [
                'Block',
                tx.blockInfo.blockHeight ? (
                  `${tx.blockInfo.blockHeight}${tx.blockInfo.blockHash ? ` (${tx.blockInfo.blockHash})` : ''}`
                ) : (
                  <Undetermined key="block" tx={tx} />
                ),
              ],
              ...(tx.nonce ? ([['Nonce', tx.nonce]] as [string, ReactNode][]) : []),
            ]}
          />
        </Section>
      </SimpleGrid>
      <Section title="Details">
        <Facts
          label="Details"
          rows={[
            ['Operation', tx.operation],
            ['Asset', tx.assetId ?? '—'],
            ['Created', <UtcTime key="created" ms={tx.createdAt} />],
            ['Last change', <UtcTime key="updated" ms={tx.lastUpdated} />],
            ['Created by', <Person key="creator" id={tx.createdBy} />],
            ['Creator id', <CopyableValue key="creator-id" value={tx.createdBy} label="creator id" />],
            ...(tx.note ? ([['Note', tx.note]] as [string, ReactNode][]) : []),
            ...(tx.externalTxId ? ([['External id', <CopyableValue key="ext" value={tx.externalTxId} label="external id" />]] as [string, ReactNode][]) : []),
            ...(tx.orderId ? ([['Trading order', <CopyableValue key="order" value={tx.orderId} label="order id" />]] as [string, ReactNode][]) : []),
          ]}
        />
      </Section>
    </Stack>
  );
}

/** A transaction this workspace does not have is said so, rather than shown as a failure. */
function TransactionErrorView({ title, error, onRetry }: PageErrorProps) {
  const { txId = '' } = useParams();
  if (isApiError(error) && error.status === 404) {
    return (
      <Alert color="gray" variant="light" title="No such transaction" styles={{ title: { color: 'var(--mantine-color-text)' } }}>
        This workspace has no transaction {txId}.
      </Alert>
    );
  }
  return <ErrorView title={title} error={error} onRetry={onRetry} />;
}

export const pageData: PageData = {
  errorTitle: 'The transaction could not be loaded',
  load: ({ queryClient, params }) => queryClient.ensureQueryData(transactionQueries.detail(params.txId ?? '')),
  ErrorView: TransactionErrorView,
  back: { to: '/transactions', label: 'All transactions' },
};

function LoadedTransaction({ txId }: { txId: string }) {
  const { data: tx } = useSuspenseQuery(transactionQueries.detail(txId));
  return <TransactionView tx={tx} />;
}

function TransactionDetail({ txId }: { txId: string }) {
  return (
    <Page title="Transaction">
      <Stack gap="md">
        <BackLink to="/transactions">All transactions</BackLink>
        <CopyableValue value={txId} label="transaction id" />
        <Suspense fallback={<LoadingSkeleton label="Loading the transaction…" heights={[40, 240]} />}>
          <LoadedTransaction txId={txId} />
        </Suspense>
      </Stack>
    </Page>
  );
}

/** One transaction, at /transactions/{txId}: where it stands, how it got there, and what it moves; followed while it moves. */
export default function TransactionPage() {
  const { txId = '' } = useParams();
  // Keyed, so that nothing of one transaction's page carries over to the next one opened.
  return <TransactionDetail key={txId} txId={txId} />;
}
