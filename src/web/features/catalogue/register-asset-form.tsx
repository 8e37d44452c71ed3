import { zodResolver } from '@hookform/resolvers/zod';
import { Stack, TextInput } from '@mantine/core';
import { useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { type Blockchain, type RegisteredAsset, RegisterAssetRequest } from '../../../contract/catalogue';
import { FormFooter } from '../../components/form-footer';
import { FormSelect } from '../../components/form-select';
import { reportFormError } from '../../components/report-form-error';
import { addressProblem, STELLAR_ASSET_CODE } from './address-rules';
import { useRegisterAsset } from './api';
import { chainLabel, FAMILY_LABELS } from './labels';
import { registerProblem } from './register-asset-errors';

const FIELDS = ['blockchainId', 'address', 'symbol'] as const;

/** The contract's request, plus what the chosen chain's family says about the address and symbol. */
export function registerAssetSchema(chainOf: (id: string) => Blockchain | undefined) {
  return RegisterAssetRequest.superRefine((request, ctx) => {
    const family = chainOf(request.blockchainId)?.registration.family ?? null;
    const problem = request.address ? addressProblem(family, request.address) : null;
    if (problem) ctx.addIssue({ code: 'custom', path: ['address'], message: problem });
    if (family !== 'XLM') return;
    if (!request.symbol) ctx.addIssue({ code: 'custom', path: ['symbol'], message: 'Enter the asset code, e.g. USDC' });
    else if (!STELLAR_ASSET_CODE.test(request.symbol)) {
      ctx.addIssue({ code: 'custom', path: ['symbol'], message: 'An asset code is 1 to 12 letters and digits' });
    }
  });
}

/** Registrable chains grouped by family; the others are not offered at all (the field says so). */
function chainOptions(chains: Blockchain[]) {
  const groups = new Map<string, { value: string; label: string; disabled: boolean }[]>();
  for (const chain of chains) {
    const { supported, family } = chain.registration;
    if (!supported || !family) continue;
    const label = FAMILY_LABELS[family] ?? family;
    // A deprecated chain is shown, so nobody wonders where it went, but cannot be chosen.
    const option = { value: chain.id, label: `${chainLabel(chain)}${chain.metadata.deprecated ? ', deprecated' : ''}`, disabled: chain.metadata.deprecated };
    groups.set(label, [...(groups.get(label) ?? []), option]);
  }
  // In the order of FAMILY_LABELS, which puts the many EVM chains first.
  const order = Object.values(FAMILY_LABELS);
  const rank = (group: string) => (order.includes(group) ? order.indexOf(group) : order.length);
  return [...groups].sort(([a], [b]) => rank(a) - rank(b)).map(([group, items]) => ({ group, items }));
}

function notOffered(chains: Blockchain[]): string {
  const names = chains.filter((chain) => !chain.registration.supported).map((chain) => chain.displayName);
  if (names.length === 0) return 'The token’s chain.';
  const examples = names.slice(0, 3).join(', ');
  const count = names.length === 1 ? '1 blockchain' : `${names.length} blockchains`;
  return `Not listed: ${count} without registration by address, such as ${examples}.`;
}

type RegisterAssetInput = z.input<typeof RegisterAssetRequest>;

/**
 * Registers a token of a supported chain by its address, for this workspace (scope LOCAL). The
 * address is checked as it is typed, by the rules of the chain's family; the service's refusals
 * land on the field they concern. A lazy chunk: the hashing it needs loads with the dialog.
 */
export default function RegisterAssetForm({
  chains,
  onRegistered,
  onCancel,
}: {
  chains: Blockchain[];
  onRegistered: (registered: RegisteredAsset) => void;
  onCancel: () => void;
}) {
  const byId = useMemo(() => new Map(chains.map((chain) => [chain.id, chain])), [chains]);
  const options = useMemo(() => chainOptions(chains), [chains]);
  const schema = useMemo(() => registerAssetSchema((id) => byId.get(id)), [byId]);
  const {
    control,
    register,
    handleSubmit,
    setError,
    trigger,
    getValues,
    formState: { errors },
  } = useForm<RegisterAssetInput, unknown, RegisterAssetRequest>({
    resolver: zodResolver(schema),
    // Live: each change is checked at once, so a mistyped checksum shows before anything is sent.
    mode: 'onChange',
    defaultValues: { blockchainId: '', address: '', symbol: undefined },
  });
  const chain = byId.get(useWatch({ control, name: 'blockchainId' }));
  const family = chain?.registration.family ?? null;

  const registration = useRegisterAsset({
    onError: (error) => {
      const problem = registerProblem(error);
      if (!problem) {
        reportFormError('The asset was not registered', error, FIELDS, (field, message) => setError(field, { type: 'server', message }, { shouldFocus: true }));
      } else if (problem.field === 'root') {
        setError('root.server', { type: 'server', message: problem.message });
      } else {
        setError(problem.field, { type: 'server', message: problem.message }, { shouldFocus: true });
      }
    },
  });

  return (
    <form noValidate aria-label="Register an asset" onSubmit={handleSubmit((body) => registration.mutate(body, { onSuccess: onRegistered }))}>
      <Stack>
        <FormSelect
          control={control}
          name="blockchainId"
          label="Blockchain"
          description={notOffered(chains)}
          placeholder="Search by name or legacy id"
          required
          data={options}
          searchable
          nothingFoundMessage="No registrable blockchain by that name"
          // The address typed so far is judged anew by the rules of the new chain.
          onPick={() => {
            if (getValues('address')) void trigger('address');
          }}
          data-autofocus
        />
        <TextInput
          label="Address"
          description={chain?.registration.addressHint ?? 'Choose the blockchain first: what to enter depends on it.'}
          required
          autoComplete="off"
          spellCheck={false}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          error={errors.address?.message}
          {...register('address')}
        />
        {family === 'XLM' && (
          <TextInput
            label="Asset code"
            description="The Stellar asset code, e.g. USDC: 1 to 12 letters and digits"
            required
            autoComplete="off"
            error={errors.symbol?.message}
            // Only Stellar takes a symbol: the field and its value go when another chain is chosen.
            {...register('symbol', { shouldUnregister: true, setValueAs: (value: string) => value.trim() || undefined })}
          />
        )}
        <FormFooter serverError={errors.root?.server?.message} pending={registration.isPending} onCancel={onCancel} submitLabel="Register asset" />
      </Stack>
    </form>
  );
}
