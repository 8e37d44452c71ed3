import { Anchor, Code, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { OrderSummary, TradingProvider } from '../../../contract/trading';
import { ColumnHeads } from '../../components/facts';
import { ReadableAmount } from '../../components/readable-amount';
import { UtcTime } from '../../components/utc-time';
import { Amount } from './amount';
import { SIDE_LABELS } from './labels';
import { OrderStatusBadge } from './order-status-badge';

export function OrdersTable({ orders, providers }: { orders: OrderSummary[]; providers: Map<string, TradingProvider> }) {
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table verticalSpacing="xs" highlightOnHover>
        <Table.Caption>Open an order to follow its execution, fees and settlement.</Table.Caption>
        <ColumnHeads columns={['Order', 'For', 'Provider', 'Status', 'Created', 'ID']} />
        <Table.Tbody>
          {orders.map((order) => {
            const provider = providers.get(order.via.providerId);
            const account = provider?.accounts?.find((a) => a.id === order.via.accountId);
            return (
              <Table.Tr key={order.id} data-order-id={order.id}>
                <Table.Td>
                  {/* What a trader calls the order ("Buy 0.5 BTC"), its amount exact on hover (the link takes the focus). */}
                  <Anchor component={Link} to={`/trading/orders/${order.id}`} fw={600}>
                    {SIDE_LABELS[order.side]} <ReadableAmount amount={order.baseAmount} unit={order.baseAssetId} focusable={false} />
                  </Anchor>
                </Table.Td>
                <Table.Td>{order.quoteAmount ? <Amount value={order.quoteAmount} assetId={order.quoteAssetId} /> : order.quoteAssetId}</Table.Td>
                <Table.Td>
                  <Text size="sm">{provider?.name ?? order.via.providerId}</Text>
                  {order.via.accountId && (
                    <Text size="xs" c="dimmed">
                      {account?.name ?? order.via.accountId}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <OrderStatusBadge status={order.status} />
                </Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  <UtcTime ms={Date.parse(order.createdAt)} />
                </Table.Td>
                <Table.Td>
                  <Code title={order.id}>{order.id.slice(0, 8)}</Code>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
