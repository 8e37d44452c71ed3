import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Asset } from '../../../contract/catalogue';
import type { TransactionWithTimeline } from '../../../contract/transactions';
import { Facts } from '../../components/facts';
import { ReadableAmount } from '../../components/readable-amount';
import { formatMoney, isDetermined } from '../../lib/amounts';
import { usdValue } from '../../lib/usd-value';
import { Undetermined } from './undetermined';

/**
 * One of the transfer's amounts in `unit`, as the console shows amounts (the exact one on hover and
 * on copy), to the decimals of `catalogued` (the catalogue's asset) when given.
 */
function Amount({
  value,
  unit,
  catalogued,
  tx,
}: {
  value: string | undefined;
  unit: string | undefined;
  catalogued?: Asset | undefined;
  tx: TransactionWithTimeline;
}) {
  if (value === undefined)
    return (
      <Text span c="dimmed" size="sm">
        None
      </Text>
    );
  if (!isDetermined(value)) return <Undetermined tx={tx} />;
  return (
    <Text span size="sm" fw={500}>
      <ReadableAmount amount={value} asset={catalogued} unit={unit ?? ''} />
    </Text>
  );
}

/**
 * What the transfer is worth in USD: the service's figure when it gives one, else its amount at the
 * catalogue's USD price for the asset, said to be so.
 */
function UsdValue({ tx, asset }: { tx: TransactionWithTimeline; asset: Asset | undefined }) {
  if (tx.amountInfo.amountUSD) return <Amount value={tx.amountInfo.amountUSD} unit="USD" tx={tx} />;
  const amount = [tx.amountInfo.amount, tx.amountInfo.requestedAmount].find(isDetermined);
  const usd = amount === undefined ? null : usdValue(amount, asset);
  if (usd === null) return <Undetermined tx={tx} />;
  return (
    <Text span size="sm">
      <Text span inherit fw={500}>
        {formatMoney(usd, 'USD')}
      </Text>{' '}
      at the catalogue’s price
    </Text>
  );
}

/**
 * A transfer's amounts and fees, each as the console shows amounts; `asset` is the catalogue's
 * asset of the transfer (its decimals, its USD price), undefined while unknown.
 */
export function AmountsAndFees({ tx, asset }: { tx: TransactionWithTimeline; asset: Asset | undefined }) {
  const fee = tx.feeCurrency ?? tx.assetId;
  // A fee in another asset (gas in ETH for a USDC transfer) is taken as sent.
  const feeAsset = fee === tx.assetId ? asset : undefined;
  return (
    <Facts
      label="Amounts and fees"
      rows={[
        ['Requested', <Amount key="requested" value={tx.amountInfo.requestedAmount} unit={tx.assetId} catalogued={asset} tx={tx} />],
        ['Amount', <Amount key="amount" value={tx.amountInfo.amount} unit={tx.assetId} catalogued={asset} tx={tx} />],
        ['Net amount', <Amount key="net" value={tx.amountInfo.netAmount} unit={tx.assetId} catalogued={asset} tx={tx} />],
        ['Value', <UsdValue key="usd" tx={tx} asset={asset} />],
        ['Fee', <Amount key="fee" value={tx.feeInfo.fee} unit={fee} catalogued={feeAsset} tx={tx} />],
        ['Network fee', <Amount key="network" value={tx.feeInfo.networkFee} unit={fee} catalogued={feeAsset} tx={tx} />],
        ['Service fee', <Amount key="service" value={tx.feeInfo.serviceFee} unit={fee} catalogued={feeAsset} tx={tx} />],
        // The service names no unit for the gas price: the figure alone, as every amount is shown.
        ...(tx.feeInfo.gasPrice ? ([['Gas price', <Amount key="gas" value={tx.feeInfo.gasPrice} unit="" tx={tx} />]] as [string, ReactNode][]) : []),
        ['Fee deducted', tx.treatAsGrossAmount ? 'From the amount (gross)' : 'On top of the amount'],
      ]}
    />
  );
}
