import { Text } from '@mantine/core';
import type { Asset } from '../../contract/catalogue';
import type { TransactionDetails } from '../../contract/transactions';
import { formatMoney, shownAmount } from '../lib/amounts';
import { usdValue } from '../lib/usd-value';
import { ReadableAmount } from './readable-amount';

/**
 * What a transaction moves, in a list: the amount it moved once determined (before that, the one
 * requested), as amounts are shown (ReadableAmount, to its asset's decimals), and below it the USD
 * value where the catalogue has a USD price. `asset` is the catalogue's asset, undefined while it
 * is unknown (amount as sent, no value).
 */
export function TransactionAmount({ tx, asset }: { tx: Pick<TransactionDetails, 'amountInfo' | 'assetId'>; asset: Asset | undefined }) {
  const amount = shownAmount(tx.amountInfo);
  const usd = amount === undefined ? null : usdValue(amount, asset);
  return (
    <>
      <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap' }}>
        {amount === undefined ? `— ${tx.assetId ?? ''}` : <ReadableAmount amount={amount} asset={asset} unit={tx.assetId ?? ''} />}
      </Text>
      {usd !== null && (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {formatMoney(usd, 'USD')}
        </Text>
      )}
    </>
  );
}
