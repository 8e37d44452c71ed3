import { Alert, Loader, Paper, Radio, SegmentedControl, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { providerTerms, type TradingProvider } from '../../../contract/trading';
import type { VaultAccount } from '../../../contract/vault';
import { ErrorView } from '../../components/error-view';
import { ReadableAmount } from '../../components/readable-amount';
import { readableAmount } from '../../lib/amounts';
import { vaultQueries } from '../../lib/vault-queries';
import { DraftSelect, DraftTextInput } from './draft-inputs';
import { covers } from '../../lib/balance';
import { SETTLEMENT_DESCRIPTIONS, SETTLEMENT_LABELS } from './labels';
import type { OrderDraft } from './order-draft';
import { useOrderEstimate } from './use-order-estimate';

const balanceOf = (account: VaultAccount, assetId: string) => account.assets.find((asset) => asset.id === assetId)?.available ?? '0';

const accountOptions = (accounts: VaultAccount[], assetId: string) =>
  accounts.map((account) => ({
    value: account.id,
    label: assetId
      ? `${account.name} (${account.id}): ${readableAmount(balanceOf(account, assetId), undefined).shown} ${assetId} available`
      : `${account.name} (${account.id})`,
  }));

/** Where the order delivers: one of the vault accounts, or an address outside the workspace. */
function Destination({ accounts, assetId }: { accounts: VaultAccount[]; assetId: string }) {
  const { control } = useFormContext<OrderDraft>();
  const kind = useWatch({ control, name: 'settlement.destinationAccount.type' });
  const labelId = useId();
  return (
    <Stack gap="xs">
      <Controller
        control={control}
        name="settlement.destinationAccount.type"
        render={({ field }) => (
          <Stack gap={4}>
            <Text size="sm" fw={500} id={labelId}>
              Deliver {assetId || 'the asset received'} to
            </Text>
            <SegmentedControl
              aria-labelledby={labelId}
              value={field.value}
              onChange={field.onChange}
              data={[
                { value: 'VAULT_ACCOUNT', label: 'A vault account' },
                { value: 'ONE_TIME_ADDRESS', label: 'A one-time address' },
              ]}
              w="fit-content"
            />
          </Stack>
        )}
      />
      {kind === 'VAULT_ACCOUNT' ? (
        <DraftSelect name="settlement.destinationAccount.accountId" label="Destination vault account" required data={accountOptions(accounts, assetId)} />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <DraftTextInput
            name="settlement.destinationAccount.address"
            label="Destination address"
            description={`An address on the ${assetId || 'asset'}’s chain`}
            required
            spellCheck={false}
            style={{ gridColumn: 'span 2' }}
          />
          <DraftTextInput name="settlement.destinationAccount.tag" label="Tag or memo" description="Only for chains that use one" spellCheck={false} />
        </SimpleGrid>
      )}
    </Stack>
  );
}

/** Step 3: how the order is paid for and delivered, as the provider's manifest allows. */
export function SettlementStep({ provider }: { provider: TradingProvider }) {
  const { control } = useFormContext<OrderDraft>();
  const [type, execution, sourceId] = useWatch({ control, name: ['settlement.type', 'execution', 'settlement.sourceAccount.accountId'] });
  const accounts = useQuery(vaultQueries.list());
  const estimate = useOrderEstimate(execution, provider);
  const buying = execution.side === 'BUY';
  const payAsset = buying ? execution.quoteAssetId : execution.baseAssetId;
  const receiveAsset = buying ? execution.baseAssetId : execution.quoteAssetId;
  const source = accounts.data?.find((account) => account.id === sourceId);
  const short = type === 'DVP' && source && estimate.status === 'ready' && !covers(balanceOf(source, payAsset), estimate.estimate.pay.amount);

  return (
    <Stack>
      <Controller
        control={control}
        name="settlement.type"
        render={({ field, fieldState }) => (
          <Radio.Group label="Settlement" required name={field.name} value={field.value || null} onChange={field.onChange} error={fieldState.error?.message}>
            <Stack gap="xs" mt="xs">
              {providerTerms(provider).settlementTypes.map((settlement) => (
                <Radio key={settlement} value={settlement} label={SETTLEMENT_LABELS[settlement]} description={SETTLEMENT_DESCRIPTIONS[settlement]} />
              ))}
            </Stack>
          </Radio.Group>
        )}
      />
      {type !== 'POST_ORDER' && type !== '' && (
        <Paper withBorder p="sm">
          {accounts.isPending ? (
            <Loader size="sm" role="status" aria-label="Loading the vault accounts" />
          ) : accounts.isError ? (
            <ErrorView title="The vault accounts could not be loaded" error={accounts.error} onRetry={() => void accounts.refetch()} />
          ) : (
            <Stack>
              {type === 'DVP' && (
                <DraftSelect
                  name="settlement.sourceAccount.accountId"
                  label="Source vault account"
                  description={`The provider takes ${payAsset || 'the payment'} from it when it settles.`}
                  required
                  data={accountOptions(accounts.data, payAsset)}
                />
              )}
              {short && (
                <Alert color="yellow" variant="light" title="Not enough in this account">
                  {source.name} has <ReadableAmount amount={balanceOf(source, payAsset)} unit={payAsset} /> available, less than the{' '}
                  <ReadableAmount amount={estimate.estimate.pay.amount} unit={payAsset} /> this order is estimated to pay: the provider would fail it for
                  insufficient funds.
                </Alert>
              )}
              {type === 'PREFUNDED' && (
                <Text size="sm">After you submit, the order’s page shows the provider’s deposit address for the {payAsset || 'payment'}.</Text>
              )}
              <Destination accounts={accounts.data} assetId={receiveAsset} />
            </Stack>
          )}
        </Paper>
      )}
      {type === 'POST_ORDER' && (
        <Text size="sm" c="dimmed">
          The provider settles with you after it has executed the order; nothing to choose here.
        </Text>
      )}
    </Stack>
  );
}
