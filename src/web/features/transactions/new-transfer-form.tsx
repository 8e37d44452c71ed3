import { zodResolver } from '@hookform/resolvers/zod';
import { Group, SegmentedControl, Select, Skeleton, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import type { VaultAccount } from '../../../contract/vault';
import { CreateTransactionRequest, SIMULATED_OUTCOMES, TRANSACTION_ERRORS } from '../../../contract/transactions';
import { FormFooter } from '../../components/form-footer';
import { FormSelect } from '../../components/form-select';
import { ErrorView } from '../../components/error-view';
import { reportFormError } from '../../components/report-form-error';
import { ReadableAmount } from '../../components/readable-amount';
import { readableAmount } from '../../lib/amounts';
import { isApiError } from '../../lib/api-client';
import { covers, isAmount } from '../../lib/balance';
import { vaultQueries } from '../../lib/vault-queries';
import { useCreateTransfer } from './api';
import { SIMULATION_LABELS } from './labels';

type TransferInput = z.input<typeof CreateTransactionRequest>;

const SIMULATION_OPTIONS = SIMULATED_OUTCOMES.map((value) => ({ value, label: SIMULATION_LABELS[value] ?? value }));

const accountLabel = (account: VaultAccount) => `${account.name} (${account.id})`;

const EMPTY: TransferInput = {
  assetId: '',
  source: { type: 'VAULT_ACCOUNT', id: '' },
  destination: { type: 'VAULT_ACCOUNT', id: '' },
  amount: '',
};

/**
 * Submits a simulated transfer from a vault account to another vault account or a one-time
 * address. The contract's schema checks it as it is typed; the service's refusals land on the
 * field they concern. `onCreated` gets the new transaction's id.
 */
export function NewTransferForm({ onCreated, onCancel }: { onCreated: (txId: string) => void; onCancel: () => void }) {
  const accounts = useQuery(vaultQueries.list());
  const destinationKindId = useId();
  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors },
  } = useForm<TransferInput, unknown, CreateTransactionRequest>({
    resolver: zodResolver(CreateTransactionRequest),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });
  const sourceId = useWatch({ control, name: 'source.id' });
  const assetId = useWatch({ control, name: 'assetId' });
  const destination = useWatch({ control, name: 'destination' });
  const amount = useWatch({ control, name: 'amount' }).trim();

  const transfer = useCreateTransfer({
    onError: (error) => {
      const destinationField = destination.type === 'VAULT_ACCOUNT' ? 'destination.id' : 'destination.oneTimeAddress.address';
      if (isApiError(error) && error.code === TRANSACTION_ERRORS.unknownAsset) {
        setError('assetId', { type: 'server', message: error.message }, { shouldFocus: true });
      } else if (isApiError(error) && error.code === TRANSACTION_ERRORS.unknownAccount) {
        const field = /destination/i.test(error.message) ? destinationField : 'source.id';
        setError(field, { type: 'server', message: error.message }, { shouldFocus: true });
      } else {
        reportFormError(
          'The transfer was not submitted',
          error,
          ['assetId', 'amount', 'source', 'destination', 'oneTimeAddress', 'note', 'simulation'] as const,
          (field, message) => {
            const target =
              field === 'source'
                ? 'source.id'
                : field === 'destination' || field === 'oneTimeAddress'
                  ? destinationField
                  : field === 'simulation'
                    ? 'simulation.outcome'
                    : field;
            setError(target, { type: 'server', message }, { shouldFocus: true });
          },
        );
      }
    },
  });

  if (accounts.isPending) return <Skeleton height={320} role="status" aria-label="Loading the vault accounts" />;
  if (accounts.isError) return <ErrorView title="The vault accounts could not be loaded" error={accounts.error} onRetry={() => void accounts.refetch()} />;

  const source = accounts.data.find((account) => account.id === sourceId);
  const held = source?.assets.find((asset) => asset.id === assetId);
  // Refused before sending (compared as decimal strings): the service would only fail it later, on
  // a page that then has little to show. The service still decides when the balance changes meanwhile.
  const short = held && isAmount(amount) && !covers(held.available, amount);
  const shortMessage = short
    ? `More than the ${readableAmount(held.available, undefined).shown} ${held.id} available in ${source?.name}: lower the amount.`
    : undefined;
  const accountOptions = accounts.data.map((account) => ({ value: account.id, label: accountLabel(account) }));
  const assetOptions = (source?.assets ?? []).map((asset) => ({
    value: asset.id,
    label: `${asset.id}, ${readableAmount(asset.available, undefined).shown} available`,
  }));
  const destinationErrors = errors.destination as
    { id?: { message?: string }; oneTimeAddress?: { address?: { message?: string }; tag?: { message?: string } }; message?: string } | undefined;

  return (
    <form
      noValidate
      aria-label="New transfer"
      onSubmit={handleSubmit((body) => {
        if (shortMessage) {
          setError('amount', { type: 'balance', message: shortMessage }, { shouldFocus: true });
          return;
        }
        transfer.mutate(body, { onSuccess: (created) => onCreated(created.id) });
      })}
    >
      <Stack>
        <FormSelect
          control={control}
          name="source.id"
          label="From vault account"
          placeholder="Choose the account that pays"
          required
          data={accountOptions}
          searchable
          // The asset list is the new account's: an asset it does not hold is no longer a choice.
          onPick={() => setValue('assetId', '')}
          data-autofocus
        />
        <FormSelect
          control={control}
          name="assetId"
          label="Asset"
          placeholder={source ? 'Choose an asset the account holds' : 'Choose the account first'}
          required
          data={assetOptions}
          disabled={!source}
          searchable
          nothingFoundMessage="The account holds no such asset"
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id={destinationKindId}>
            To
          </Text>
          <SegmentedControl
            aria-labelledby={destinationKindId}
            data={[
              { value: 'VAULT_ACCOUNT', label: 'Vault account' },
              { value: 'ONE_TIME_ADDRESS', label: 'One-time address' },
            ]}
            value={destination.type}
            onChange={(kind) =>
              setValue(
                'destination',
                kind === 'ONE_TIME_ADDRESS' ? { type: 'ONE_TIME_ADDRESS', oneTimeAddress: { address: '' } } : { type: 'VAULT_ACCOUNT', id: '' },
              )
            }
          />
        </Stack>
        {destination.type === 'VAULT_ACCOUNT' ? (
          <FormSelect
            key="vault"
            control={control}
            name="destination.id"
            label="To vault account"
            placeholder="Choose the account that receives"
            required
            data={accountOptions.filter((option) => option.value !== sourceId)}
            searchable
            error={destinationErrors?.id?.message ?? destinationErrors?.message}
          />
        ) : (
          <Group grow align="flex-start" key="address">
            <TextInput
              label="Address"
              description="The address on the asset's chain"
              required
              autoComplete="off"
              spellCheck={false}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              error={destinationErrors?.oneTimeAddress?.address?.message ?? destinationErrors?.message}
              {...register('destination.oneTimeAddress.address')}
            />
            <TextInput
              label="Tag or memo"
              description="Only where the chain needs one"
              autoComplete="off"
              error={destinationErrors?.oneTimeAddress?.tag?.message}
              {...register('destination.oneTimeAddress.tag', { setValueAs: (value: string) => value.trim() || undefined })}
            />
          </Group>
        )}
        <TextInput
          label="Amount"
          description={
            held ? (
              <>
                <ReadableAmount amount={held.available} unit={held.id} /> available in {source?.name}
              </>
            ) : (
              'A decimal number, such as 0.5'
            )
          }
          required
          inputMode="decimal"
          autoComplete="off"
          // Shown as it is typed, not only once submitted: the balance is known before sending.
          error={shortMessage ?? errors.amount?.message}
          {...register('amount', { setValueAs: (value: string) => value.trim() })}
        />
        <Textarea label="Note" rows={2} error={errors.note?.message} {...register('note', { setValueAs: (value: string) => value.trim() || undefined })} />
        <Controller
          control={control}
          name="simulation"
          render={({ field, fieldState }) => (
            <Select
              label="Simulated outcome"
              description="How the simulated chain treats this transfer"
              placeholder={SIMULATION_LABELS.COMPLETED}
              data={SIMULATION_OPTIONS}
              clearable
              name={field.name}
              ref={field.ref}
              value={field.value?.outcome ?? null}
              onChange={(value) => field.onChange(value ? { outcome: value } : undefined)}
              onBlur={field.onBlur}
              error={fieldState.error?.message ?? errors.simulation?.outcome?.message}
            />
          )}
        />
        <FormFooter serverError={errors.root?.server?.message} pending={transfer.isPending} onCancel={onCancel} submitLabel="Submit transfer" />
      </Stack>
    </form>
  );
}
