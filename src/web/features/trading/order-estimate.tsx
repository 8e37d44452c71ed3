import { Paper, Stack, Text } from '@mantine/core';
import { ReadableAmount } from '../../components/readable-amount';
import { formatPrice } from '../../lib/rounded-amounts';
import { Amount } from './amount';
import type { EstimateBasis, EstimateState } from './use-order-estimate';

const BASIS: Record<EstimateBasis, string> = {
  market: 'Estimate at the market price',
  limit: 'At your limit price',
  quote: 'At the provider’s quote',
};

/** The draft's estimate, read out as it changes. */
export function OrderEstimateSummary({ state }: { state: EstimateState }) {
  return (
    <Paper withBorder p="sm" aria-live="polite" data-testid="order-estimate">
      {state.status === 'waiting' && (
        <Text size="sm" c="dimmed">
          Choose the pair and enter an amount to see what the order would cost.
        </Text>
      )}
      {state.status === 'unavailable' && (
        <Text size="sm" c="dimmed">
          {state.reason}
        </Text>
      )}
      {state.status === 'ready' && <Ready {...state} />}
    </Paper>
  );
}

function Ready({ estimate, basis }: Extract<EstimateState, { status: 'ready' }>) {
  const { baseAssetId, quoteAssetId, pay, receive, price, quoteAmount, orderFee, networkFee } = estimate;
  const about = basis === 'market' ? 'about ' : '';
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {BASIS[basis]}: 1 {baseAssetId} = {formatPrice(price)} {quoteAssetId}
      </Text>
      <Text size="sm">
        You pay {about}
        <Amount value={pay.amount} assetId={pay.assetId} fw={600} /> and receive {about}
        <Amount value={receive.amount} assetId={receive.assetId} fw={600} />
      </Text>
      <Text size="xs" c="dimmed">
        <ReadableAmount amount={quoteAmount} unit={quoteAssetId} /> for the {baseAssetId}, order fee <ReadableAmount amount={orderFee} unit={quoteAssetId} />,
        network fee <ReadableAmount amount={networkFee} unit={quoteAssetId} />
      </Text>
    </Stack>
  );
}
