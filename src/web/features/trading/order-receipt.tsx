import { Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { OrderDetails } from '../../../contract/trading';
import { ExternalLink } from '../../components/external-link';
import { CopyIconButton } from '../../components/copyable-value';
import { assetQuery, blockchainQuery } from '../../lib/catalogue-queries';
import { explorerTransactionLink } from '../../lib/explorer-links';
import { Amount } from './amount';

type Receipt = NonNullable<OrderDetails['receipt']>;

/** The settlement transaction on the delivered asset's chain, and its page on the chain's explorer. */
function ExplorerLink({ assetId, txHash }: { assetId: string; txHash: string }) {
  const asset = useQuery(assetQuery(assetId));
  const chainId = asset.data?.blockchainId ?? '';
  const chain = useQuery({ ...blockchainQuery(chainId), enabled: chainId !== '' });
  const link = chain.data ? explorerTransactionLink(chain.data, txHash) : null;
  if (!link) return null;
  return <ExternalLink href={link.href}>{link.label}</ExternalLink>;
}

export function OrderReceipt({ receipt, assetId }: { receipt: Receipt; assetId: string }) {
  return (
    <Stack gap="xs">
      <Text size="sm">
        Delivered <Amount value={receipt.amount} assetId={assetId} fw={600} />
      </Text>
      <Stack gap={2}>
        <Text size="xs" c="dimmed">
          Transaction hash
        </Text>
        <Group gap={4} wrap="nowrap" align="flex-start">
          <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }} data-testid="receipt-tx-hash">
            {receipt.txHash}
          </Text>
          <CopyIconButton value={receipt.txHash} label="transaction hash" />
        </Group>
      </Stack>
      <ExplorerLink assetId={assetId} txHash={receipt.txHash} />
    </Stack>
  );
}
