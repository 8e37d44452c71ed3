import { Alert, Center, Code, Group, Loader, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { useParams } from 'react-router';
import { mayPerform } from '../../../contract/operations';
import { isCancellableOrderStatus, isFinalOrderStatus } from '../../../contract/order-states';
import { EXECUTION_TYPES, type Fee, type OrderDetails, type Participant, Settlement, type TradingProvider } from '../../../contract/trading';
import { useSignedInUser } from '../../lib/use-session-state';
import { ActionButton } from '../../components/action-button';
import { BackLink } from '../../components/back-link';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { CopyableValue, CopyIconButton } from '../../components/copyable-value';
import { ColumnHeads, type Fact, Facts } from '../../components/facts';
import { Page } from '../../components/page';
import { Person } from '../../components/person';
import { Section } from '../../components/section';
import { UtcTime } from '../../components/utc-time';
import { VaultAccountLink } from '../../components/vault-account-link';
import { readableAmount } from '../../lib/amounts';
import type { PageData } from '../../lib/page-data';
import { Amount } from './amount';
import { vaultQueries } from '../../lib/vault-queries';
import { orderQueries, providerQueries, useCancelOrder } from './api';
import { EXECUTION_LABELS, FAILURE_LABELS, FEE_LABELS, REASON_LABELS, SETTLEMENT_LABELS, SIDE_LABELS, STEP_LABELS, STEP_STATUS_LABELS } from './labels';
import { OrderReceipt } from './order-receipt';
import { OrderStatusBadge } from './order-status-badge';
import { OrderTimeline } from './order-timeline';
import { PaymentInstructions } from './payment-instructions';
import { TradingErrorView } from './trading-error-view';

/** The execution details the service echoes back, with the amounts it priced; read field by field. */
function executionOf(order: OrderDetails) {
  const details = order.executionResponseDetails;
  const text = (key: string) => (typeof details[key] === 'string' ? (details[key] as string) : undefined);
  const side = text('side') === 'SELL' ? ('SELL' as const) : ('BUY' as const);
  const type = EXECUTION_TYPES.find((known) => known === text('type'));
  return {
    type,
    side,
    baseAmount: text('baseAmount') ?? '',
    baseAssetId: text('baseAssetId') ?? '',
    quoteAssetId: text('quoteAssetId') ?? '',
    quoteAmount: text('quoteAmount'),
    price: text('price'),
    limitPrice: text('limitPrice'),
  };
}

/** "Buy 0.5 BTC" ("Buy ≈0.12345678 ETH", as amounts are shown): what a trader calls an order, as the orders list names it. */
const orderTitle = (e: ReturnType<typeof executionOf>) => `${SIDE_LABELS[e.side]} ${readableAmount(e.baseAmount, undefined).shown} ${e.baseAssetId}`;

function FeeAmount({ fee }: { fee: Fee }) {
  return fee.amountType === 'BPS' ? <Text size="sm">{`${fee.amount} bps`}</Text> : <Amount value={String(fee.amount)} assetId={fee.assetId} />;
}

function ExecutionSteps({ order }: { order: OrderDetails }) {
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table aria-label="Execution steps">
        <ColumnHeads columns={['Step', 'Status', 'Fee', 'Transaction']} />
        <Table.Tbody>
          {order.executionSteps.map((step, index) => (
            <Table.Tr key={`${step.type}-${index}`} data-step={step.type} data-step-status={step.status}>
              <Table.Td>{STEP_LABELS[step.type]}</Table.Td>
              <Table.Td>{STEP_STATUS_LABELS[step.status]}</Table.Td>
              <Table.Td>{step.fee ? <FeeAmount fee={step.fee} /> : '—'}</Table.Td>
              <Table.Td>
                {step.txHash ? (
                  <Group gap={4} wrap="nowrap">
                    <Code title={step.txHash}>{`${step.txHash.slice(0, 10)}…${step.txHash.slice(-6)}`}</Code>
                    <CopyIconButton value={step.txHash} label={`${STEP_LABELS[step.type].toLowerCase()} transaction hash`} />
                  </Group>
                ) : (
                  '—'
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Fees({ order }: { order: OrderDetails }) {
  const rows: Fact[] = [
    ...order.generalFees.map((fee, index): Fact => [FEE_LABELS[fee.feeType], <FeeAmount key={`general-${index}`} fee={fee} />]),
    ...order.executionSteps.flatMap((step, index): Fact[] =>
      step.fee ? [[`${FEE_LABELS[step.fee.feeType]} (${STEP_LABELS[step.type].toLowerCase()} step)`, <FeeAmount key={`step-${index}`} fee={step.fee} />]] : [],
    ),
  ];
  if (rows.length === 0) return <Text size="sm">No fees.</Text>;
  return <Facts label="Fees" rows={rows} />;
}

function partyName(p: Participant) {
  return p.entityType === 'INDIVIDUAL' ? `${p.fullName.firstName} ${p.fullName.lastName} (individual)` : `${p.businessName} (business)`;
}

function OrderDetailsView({ order, provider }: { order: OrderDetails; provider: TradingProvider | undefined }) {
  const { role } = useSignedInUser();
  const accounts = useQuery(vaultQueries.list());
  const [cancelling, setCancelling] = useState(false);
  const cancel = useCancelOrder(order.id);
  const e = executionOf(order);
  const settlement = Settlement.safeParse(order.settlement);
  const final = isFinalOrderStatus(order.status);
  const payAsset = e.side === 'BUY' ? e.quoteAssetId : e.baseAssetId;
  const receiveAsset = e.side === 'BUY' ? e.baseAssetId : e.quoteAssetId;
  const cancellable = isCancellableOrderStatus(order.status) && mayPerform(role, 'cancelOrder');

  const accountText = (ref: { type: string; accountId?: string; address?: string; tag?: string }) => {
    if (ref.type === 'ONE_TIME_ADDRESS') return `One-time address ${ref.address ?? ''}${ref.tag ? ` (tag ${ref.tag})` : ''}`;
    if (!ref.accountId) return 'Vault account';
    const vault = accounts.data?.find((account) => account.id === ref.accountId);
    return <VaultAccountLink id={ref.accountId}>{`Vault account ${vault ? `${vault.name} (${vault.id})` : ref.accountId}`}</VaultAccountLink>;
  };
  const s = settlement.success ? settlement.data : null;
  const { originator, beneficiary } = order.participantsIdentification ?? {};

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Group gap="sm">
          <OrderStatusBadge status={order.status} size="lg" />
          {!final && (
            <Group gap={6}>
              <Loader size="xs" aria-hidden />
              <Text size="sm" c="dimmed">
                Following the order…
              </Text>
            </Group>
          )}
        </Group>
        {cancellable && (
          <ActionButton operation="cancelOrder" variant="default" color="red" onClick={() => setCancelling(true)}>
            Cancel order
          </ActionButton>
        )}
      </Group>
      {order.failure && (
        <Alert color="red" variant="light" title="The order failed" role="alert">
          {FAILURE_LABELS[order.failure.reason]}
        </Alert>
      )}
      {order.paymentInstructions && order.paymentInstructions.length > 0 && !final && (
        <Section title="Payment instructions">
          <PaymentInstructions instructions={order.paymentInstructions} assetId={payAsset} awaiting={order.status === 'AWAITING_PAYMENT'} />
        </Section>
      )}
      {order.receipt && (
        <Section title="Receipt">
          <OrderReceipt receipt={order.receipt} assetId={receiveAsset} />
        </Section>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Section title="Order">
          <Facts
            label="Order"
            rows={[
              ['Provider', provider?.name ?? order.via.providerId],
              order.via.accountId && ['Account', provider?.accounts?.find((a) => a.id === order.via.accountId)?.name ?? order.via.accountId],
              ['Execution', `${e.type ? EXECUTION_LABELS[e.type] : '—'} ${e.side === 'BUY' ? 'buy' : 'sell'}`],
              ['Amount', <Amount key="base" value={e.baseAmount || '0'} assetId={e.baseAssetId} />],
              e.quoteAmount && ['For', <Amount key="quote" value={e.quoteAmount} assetId={e.quoteAssetId} />],
              e.price && ['Price', <Amount key="price" value={e.price} assetId={`${e.quoteAssetId} per ${e.baseAssetId}`} price />],
              e.limitPrice && ['Limit price', <Amount key="limit" value={e.limitPrice} assetId={e.quoteAssetId} />],
              s !== null && ['Settlement', SETTLEMENT_LABELS[s.type]],
              s !== null && s.type === 'DVP' && ['Pays from', accountText(s.sourceAccount)],
              s !== null && s.type !== 'POST_ORDER' && ['Delivers to', accountText(s.destinationAccount)],
              order.sourceOfFunds && ['Source of funds', REASON_LABELS[order.sourceOfFunds.reasonForPayment]],
              originator && ['Originator', partyName(originator)],
              beneficiary && ['Beneficiary', partyName(beneficiary)],
              order.customerInternalReferenceId && ['Your reference', order.customerInternalReferenceId],
              order.note && ['Note', order.note],
              ['Created', <UtcTime key="created" ms={Date.parse(order.createdAt)} />],
              ['Created by', <Person key="creator" id={order.createdBy} />],
              ['Creator id', <CopyableValue key="creator-id" value={order.createdBy} label="creator id" />],
              order.expiresAt && !final && ['Expires', <UtcTime key="expires" ms={Date.parse(order.expiresAt)} />],
              [
                'Order ID',
                <Group key="id" gap={4} wrap="nowrap">
                  <Code>{order.id}</Code>
                  <CopyIconButton value={order.id} label="order id" />
                </Group>,
              ],
            ]}
          />
        </Section>
        <Section title="Status timeline">
          <OrderTimeline order={order} />
        </Section>
      </SimpleGrid>
      <Section title="Execution steps">
        <ExecutionSteps order={order} />
      </Section>
      <Section title="Fees">
        <Fees order={order} />
      </Section>
      <ConfirmDialog
        opened={cancelling}
        title="Cancel this order?"
        confirmLabel="Cancel order"
        dismissLabel="Keep the order"
        confirmColor="red"
        loading={cancel.isPending}
        onConfirm={() => cancel.mutate(undefined, { onSettled: () => setCancelling(false) })}
        onClose={() => setCancelling(false)}
      >
        <Text size="sm">The provider will not execute it. An order that has started executing can no longer be cancelled.</Text>
      </ConfirmDialog>
    </Stack>
  );
}

export const pageData: PageData = {
  errorTitle: 'The order could not be loaded',
  load: ({ queryClient, params }) => queryClient.ensureQueryData(orderQueries.detail(params.orderId ?? '')),
  // A workspace outside the trading beta is told so rather than shown a failure.
  ErrorView: TradingErrorView,
  back: { to: '/trading/orders', label: 'All orders' },
};

function LoadedOrder({ orderId }: { orderId: string }) {
  const { data: order } = useSuspenseQuery(orderQueries.detail(orderId));
  const providers = useQuery(providerQueries.list());
  return (
    <Page title={orderTitle(executionOf(order))} description={`Order ${order.id}`}>
      <BackLink to="/trading/orders">All orders</BackLink>
      <OrderDetailsView order={order} provider={providers.data?.find((p) => p.id === order.via.providerId)} />
    </Page>
  );
}

/** One order, followed while it moves: its page asks the service again every second until the order is final. */
export default function OrderPage() {
  const { orderId = '' } = useParams();
  return (
    <Suspense
      fallback={
        <Page title="Order">
          <BackLink to="/trading/orders">All orders</BackLink>
          <Center py="xl">
            <Loader role="status" aria-label="Loading the order" />
          </Center>
        </Page>
      }
    >
      <LoadedOrder orderId={orderId} />
    </Suspense>
  );
}
