import { Alert, Checkbox, Group, Paper, Radio, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { useEffect, useId, useState } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { providerTerms, type TradingProvider } from '../../../contract/trading';
import { ActionButton } from '../../components/action-button';
import { UtcTime } from '../../components/utc-time';
import { describeError } from '../../lib/api-client';
import { ReadableAmount } from '../../components/readable-amount';
import { Amount } from './amount';
import { useCreateQuote } from './api';
import { DraftSelect, DraftTextInput, useDraftError } from './draft-inputs';
import { isAmount } from '../../lib/balance';
import { EXECUTION_DESCRIPTIONS, EXECUTION_LABELS, SIDE_LABELS } from './labels';
import type { OrderDraft, QuoteSnapshot } from './order-draft';
import { OrderEstimateSummary } from './order-estimate';
import { useOrderEstimate } from './use-order-estimate';

const unique = (values: string[]) => [...new Set(values)];

/** Until when a quote holds, counting down, so nobody submits on one that has run out unawares. */
function QuoteValidity({ expiresAt }: { expiresAt: string }) {
  const until = Date.parse(expiresAt);
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, Math.ceil((until - now) / 1000));
  useEffect(() => {
    if (left === 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [left]);
  return left > 0 ? (
    <Text size="sm">
      Valid until <UtcTime ms={until} relative={false} /> ({left} s left)
    </Text>
  ) : (
    <Text size="sm" c="var(--mantine-color-error)">
      Expired at <UtcTime ms={until} />
    </Text>
  );
}

function QuoteDetails({ provider }: { provider: TradingProvider }) {
  const { control, getValues, setValue, setError, clearErrors, register } = useFormContext<OrderDraft>();
  const [quote, execution] = useWatch({ control, name: ['execution.quote', 'execution'] });
  // Shown as soon as the order changes, not only when the draft is checked.
  const stale =
    quote !== null &&
    (quote.side !== execution.side ||
      quote.baseAssetId !== execution.baseAssetId ||
      quote.quoteAssetId !== execution.quoteAssetId ||
      quote.baseAmount !== execution.baseAmount.trim());
  const error = useDraftError('execution.quote');
  const request = useCreateQuote({ onError: (failure) => setError('execution.quote', { type: 'server', message: describeError(failure).message }) });
  const errorId = useId();
  const headingId = useId();

  const ask = () => {
    const { execution, accountId } = getValues();
    const baseAmount = execution.baseAmount.trim();
    if (!execution.baseAssetId || !execution.quoteAssetId || !isAmount(baseAmount)) {
      setError('execution.quote', { type: 'validate', message: 'Choose the pair and enter the amount first' });
      return;
    }
    clearErrors('execution.quote');
    request.mutate(
      {
        scope: [provider.accountBased ? { providerId: provider.id, accountId } : { providerId: provider.id }],
        side: execution.side,
        baseAssetId: execution.baseAssetId,
        quoteAssetId: execution.quoteAssetId,
        baseAmount,
      },
      {
        onSuccess: (answer) => {
          const snapshot: QuoteSnapshot = {
            id: answer.id,
            side: answer.side,
            baseAssetId: answer.baseAssetId,
            quoteAssetId: answer.quoteAssetId,
            // As typed, so that the draft still matches it.
            baseAmount,
            quoteAmount: answer.quoteAmount,
            expiresAt: answer.expiresAt,
          };
          setValue('execution.quote', snapshot, { shouldValidate: true });
        },
      },
    );
  };

  return (
    <Paper withBorder p="sm" component="section" aria-labelledby={headingId}>
      <Stack gap="xs">
        <Text size="sm" fw={600} id={headingId}>
          Quote from {provider.name}
        </Text>
        {quote ? (
          <>
            <Text size="sm">
              <Amount value={quote.baseAmount} assetId={quote.baseAssetId} /> for <Amount value={quote.quoteAmount} assetId={quote.quoteAssetId} />
            </Text>
            {stale ? (
              <Text size="sm" c="var(--mantine-color-error)">
                This quote is for {quote.side === 'BUY' ? 'buying' : 'selling'} <ReadableAmount amount={quote.baseAmount} unit={quote.baseAssetId} /> for{' '}
                {quote.quoteAssetId}, not for the order as it is now: get a new quote.
              </Text>
            ) : (
              <QuoteValidity expiresAt={quote.expiresAt} />
            )}
          </>
        ) : (
          <Text size="sm" c="dimmed">
            A quote holds its price for 60 seconds. Ask for one once the side, pair and amount are set.
          </Text>
        )}
        <Group>
          <ActionButton operation="createQuote" variant="light" onClick={ask} loading={request.isPending} aria-describedby={error ? errorId : undefined}>
            {quote ? 'Get a new quote' : 'Get a quote'}
          </ActionButton>
        </Group>
        {error && (
          <Text size="sm" c="var(--mantine-color-error)" id={errorId} role="alert">
            {error}
          </Text>
        )}
        <Checkbox label="If the quote has expired when the order executes, take the market price instead" {...register('execution.reQuoteAtMarket')} />
      </Stack>
    </Paper>
  );
}

/** Step 2: what to trade, how much, and at which price. */
export function ExecutionStep({ provider }: { provider: TradingProvider }) {
  const { control, getValues, setValue } = useFormContext<OrderDraft>();
  const execution = useWatch({ control, name: 'execution' });
  const estimate = useOrderEstimate(execution, provider);
  const { pairs } = provider.manifest;
  const bases = unique(pairs.map((pair) => pair.baseAssetId));
  const quotes = unique(pairs.filter((pair) => pair.baseAssetId === execution.baseAssetId).map((pair) => pair.quoteAssetId));
  const sideLabelId = useId();

  return (
    <Stack>
      <Controller
        control={control}
        name="execution.type"
        render={({ field, fieldState }) => (
          <Radio.Group label="Execution" required name={field.name} value={field.value || null} onChange={field.onChange} error={fieldState.error?.message}>
            <Group mt="xs" align="flex-start">
              {providerTerms(provider).executionTypes.map((type) => (
                <Radio key={type} value={type} label={EXECUTION_LABELS[type]} description={EXECUTION_DESCRIPTIONS[type]} w={220} />
              ))}
            </Group>
          </Radio.Group>
        )}
      />
      <Controller
        control={control}
        name="execution.side"
        render={({ field }) => (
          <Stack gap={4}>
            <Text size="sm" fw={500} id={sideLabelId}>
              Side
            </Text>
            <SegmentedControl
              aria-labelledby={sideLabelId}
              value={field.value}
              onChange={(value) => field.onChange(value)}
              data={[
                { value: 'BUY', label: `${SIDE_LABELS.BUY} ${execution.baseAssetId || 'the base asset'}` },
                { value: 'SELL', label: `${SIDE_LABELS.SELL} ${execution.baseAssetId || 'the base asset'}` },
              ]}
              w="fit-content"
            />
          </Stack>
        )}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <DraftSelect
          name="execution.baseAssetId"
          label="Base asset"
          description="The asset bought or sold."
          required
          data={bases}
          onPick={(base) => {
            const offered = pairs.filter((pair) => pair.baseAssetId === base).map((pair) => pair.quoteAssetId);
            const current = getValues('execution.quoteAssetId');
            if (!offered.includes(current)) setValue('execution.quoteAssetId', offered.length === 1 ? offered[0]! : '');
          }}
        />
        <DraftSelect
          name="execution.quoteAssetId"
          label="Quote asset"
          description="The asset it is paid for with."
          required
          data={quotes}
          disabled={!execution.baseAssetId}
        />
      </SimpleGrid>
      <DraftTextInput
        name="execution.baseAmount"
        label={`Amount${execution.baseAssetId ? ` of ${execution.baseAssetId}` : ''}`}
        description={`How much of the base asset to ${execution.side === 'BUY' ? 'buy' : 'sell'}, e.g. 0.5`}
        required
        inputMode="decimal"
        spellCheck={false}
      />
      {execution.type === 'LIMIT' && (
        <DraftTextInput
          name="execution.limitPrice"
          label={`Limit price${execution.baseAssetId && execution.quoteAssetId ? ` (${execution.quoteAssetId} per ${execution.baseAssetId})` : ''}`}
          description={`Fill or kill: the order executes in full at this price or better, or not at all. ${execution.side === 'BUY' ? 'The most' : 'The least'} you accept per unit.`}
          required
          inputMode="decimal"
          spellCheck={false}
        />
      )}
      {execution.type === 'QUOTE' && <QuoteDetails provider={provider} />}
      <OrderEstimateSummary state={estimate} />
      {execution.type === 'MARKET' && (
        <Alert variant="light" color="gray">
          A market order executes at the provider’s price when it runs, which can differ from this estimate.
        </Alert>
      )}
    </Stack>
  );
}
