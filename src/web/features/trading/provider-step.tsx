import { Badge, Group, List, Paper, Radio, Stack, Text } from '@mantine/core';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { providerTerms, type TradingProvider } from '../../../contract/trading';
import { ReadableAmount } from '../../components/readable-amount';
import { DraftSelect } from './draft-inputs';
import { EXECUTION_LABELS, SETTLEMENT_LABELS } from './labels';
import type { OrderDraft } from './order-draft';

const percent = (bps: number) => `${bps / 100}%`;

/** What the provider asks of an order beyond the trade itself, in words. */
function requirementsOf(provider: TradingProvider): string[] {
  const { requiredParties, requiresSourceOfFunds } = providerTerms(provider);
  const parties = requiredParties.length === 2 ? 'the originator and the beneficiary' : requiredParties[0] ? `the ${requiredParties[0]}` : null;
  return [
    parties && `Identification (KYC) of ${parties}: name, date of birth or registration, and postal address`,
    requiresSourceOfFunds && 'The source of funds',
  ].filter((line): line is string => Boolean(line));
}

function ProviderDescription({ provider }: { provider: TradingProvider }) {
  const { pairs, fees } = provider.manifest;
  const { executionTypes, settlementTypes } = providerTerms(provider);
  return (
    <Stack gap={2} component="span">
      <span>
        {executionTypes.map((type) => EXECUTION_LABELS[type]).join(', ')} orders · {settlementTypes.map((type) => SETTLEMENT_LABELS[type]).join(', ')} ·{' '}
        {pairs.map((pair) => `${pair.baseAssetId}/${pair.quoteAssetId}`).join(', ')}
      </span>
      <span>
        Order fee {percent(fees.orderFeeBps)}, network fee <ReadableAmount amount={fees.networkFee} unit="" /> in the quote asset
        {requirementsOf(provider).length > 0 ? ` · requires ${requirementsOf(provider).join(' and ').toLowerCase()}` : ''}
      </span>
    </Stack>
  );
}

/**
 * Step 1: who executes the order. A provider that is not connected to the workspace is shown but
 * cannot be chosen. Choosing a provider brings the later steps in line with its manifest: what it
 * does not offer is replaced by what it does.
 */
export function ProviderStep({ providers }: { providers: TradingProvider[] }) {
  const { control, getValues, setValue } = useFormContext<OrderDraft>();
  const providerId = useWatch({ control, name: 'providerId' });
  const provider = providers.find((p) => p.id === providerId);

  const bringInLine = (chosen: TradingProvider) => {
    const draft = getValues();
    const accounts = chosen.accounts ?? [];
    const keepAccount = accounts.some((account) => account.id === draft.accountId);
    setValue('accountId', keepAccount ? draft.accountId : accounts.length === 1 ? accounts[0]!.id : '');
    const terms = providerTerms(chosen);
    const e = draft.execution;
    if (!e.type || !terms.takesExecution(e.type)) setValue('execution.type', terms.executionTypes[0] ?? '');
    if (!terms.tradesPair(e.baseAssetId, e.quoteAssetId)) {
      setValue('execution.baseAssetId', '');
      setValue('execution.quoteAssetId', '');
    }
    // A quote binds its own provider.
    setValue('execution.quote', null);
    const s = draft.settlement.type;
    if (!s || !terms.settles(s)) setValue('settlement.type', terms.settlementTypes[0] ?? '');
  };

  return (
    <Stack>
      <Controller
        control={control}
        name="providerId"
        render={({ field, fieldState }) => (
          <Radio.Group
            label="Provider"
            description="The manifest of each provider says what it trades and what it needs to know."
            required
            name={field.name}
            value={field.value || null}
            onChange={(value) => {
              field.onChange(value);
              const chosen = providers.find((p) => p.id === value);
              if (chosen) bringInLine(chosen);
            }}
            error={fieldState.error?.message}
          >
            <Stack gap="sm" mt="xs">
              {providers.map((p) => {
                const offline = !providerTerms(p).connected;
                return (
                  <Radio
                    key={p.id}
                    value={p.id}
                    disabled={offline}
                    label={
                      <Group gap="xs" component="span">
                        <span>{p.name}</span>
                        {offline && (
                          <Badge size="sm" variant="light" color="gray" component="span">
                            Not connected
                          </Badge>
                        )}
                      </Group>
                    }
                    description={<ProviderDescription provider={p} />}
                  />
                );
              })}
            </Stack>
          </Radio.Group>
        )}
      />
      {provider?.accountBased && (
        <DraftSelect
          name="accountId"
          label={`Account at ${provider.name}`}
          description="Orders of an account-based provider go through one of your accounts there."
          required
          data={(provider.accounts ?? []).map((account) => ({ value: account.id, label: `${account.name} (${account.id})` }))}
        />
      )}
      {provider && requirementsOf(provider).length > 0 && (
        <Paper withBorder p="sm">
          <Text size="sm" fw={600}>
            {provider.name} requires
          </Text>
          <List size="sm">
            {requirementsOf(provider).map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
          <Text size="sm" c="dimmed">
            Those fields are marked required in the steps that ask for them.
          </Text>
        </Paper>
      )}
    </Stack>
  );
}
