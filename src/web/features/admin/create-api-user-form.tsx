import { zodResolver } from '@hookform/resolvers/zod';
import { Autocomplete, Radio, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { CreateApiUserRequest } from '../../../contract/admin';
import { ROLE_LABELS } from '../../../contract/role-labels';
import { ROLES } from '../../../contract/roles';
import { FormFooter } from '../../components/form-footer';
import { FormSelect } from '../../components/form-select';
import { reportFormError } from '../../components/report-form-error';
import { quorumQueries, useCreateApiUser } from './api';
import { KeyPairField } from './key-pair-field';

const FIELDS = ['csrPem', 'name', 'role', 'coSignerSetupType'] as const;

// The owner is a person, never an API user; the service refuses the role too.
const ROLE_OPTIONS = ROLES.filter((role) => role !== 'OWNER').map((role) => ({ value: role, label: ROLE_LABELS[role] }));

// The setup type the spec names; the field takes any other a co-signer reports.
const CO_SIGNER_SETUP_TYPES = ['SGX_MACHINE'];

type KeySource = 'generate' | 'paste';

function approvalsNeeded(threshold: number | null): string {
  if (threshold === null) return 'The new API user needs the approval of enough admins; yours counts.';
  if (threshold === 1) return 'It needs 1 approval, and your own counts: the API user is created as soon as you send the request.';
  return `It needs ${threshold} approvals, the admin quorum threshold. Your own counts; the others are given in Approvals.`;
}

/**
 * Raises a request to create an API user. Its key is generated in this browser or brought as a
 * certificate request; either way only the public half reaches the service.
 */
export function CreateApiUserForm({ onDone }: { onDone: () => void }) {
  const [keySource, setKeySource] = useState<KeySource>('generate');
  const threshold = useQuery(quorumQueries.state()).data?.adminQuorumThreshold ?? null;
  const {
    control,
    register,
    handleSubmit,
    setError,
    setValue,
    clearErrors,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(CreateApiUserRequest),
    // Least privilege until somebody chooses otherwise.
    defaultValues: { name: '', role: 'VIEWER', csrPem: '', coSignerSetupType: undefined },
  });
  const name = useWatch({ control, name: 'name' });
  const create = useCreateApiUser({
    onError: (error) => reportFormError('The API user was not requested', error, FIELDS, (field, message) => setError(field, { type: 'server', message })),
  });

  const chooseKeySource = (source: KeySource) => {
    // A request from the other source must not be sent by mistake.
    setValue('csrPem', '');
    clearErrors('csrPem');
    setKeySource(source);
  };

  return (
    <form noValidate aria-label="New API user" onSubmit={handleSubmit((body) => create.mutate({ body, requiredApprovals: threshold }, { onSuccess: onDone }))}>
      <Stack>
        <TextInput label="Name" description="Up to 30 characters." required error={errors.name?.message} {...register('name')} />
        <FormSelect control={control} name="role" label="Role" required data={ROLE_OPTIONS} />
        <Controller
          control={control}
          name="coSignerSetupType"
          render={({ field, fieldState }) => (
            <Autocomplete
              label="Co-signer setup type"
              description="Only for a key held by a co-signer device, e.g. SGX_MACHINE: the user then waits for its device to pair."
              data={CO_SIGNER_SETUP_TYPES}
              name={field.name}
              ref={field.ref}
              value={field.value ?? ''}
              // Empty means "no co-signer", which the contract expresses by leaving the field out.
              onChange={(value) => field.onChange(value.trim() === '' ? undefined : value)}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
            />
          )}
        />
        <Radio.Group label="Key" value={keySource} onChange={(value) => chooseKeySource(value as KeySource)}>
          <Stack gap="xs" mt={4}>
            <Radio value="generate" label="Generate a key pair in this browser" />
            <Radio value="paste" label="Paste a certificate request (CSR)" />
          </Stack>
        </Radio.Group>
        {keySource === 'generate' ? (
          <KeyPairField
            commonName={name}
            onCsr={(csrPem) => {
              setValue('csrPem', csrPem);
              clearErrors('csrPem');
            }}
            error={errors.csrPem?.message}
          />
        ) : (
          <Textarea
            label="Certificate request (PEM)"
            description="A PKCS#10 request signed by its own key: RSA of 2048 bits or more, or EC P-256."
            required
            rows={8}
            spellCheck={false}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            placeholder={'-----BEGIN CERTIFICATE REQUEST-----\n…\n-----END CERTIFICATE REQUEST-----'}
            error={errors.csrPem?.message}
            {...register('csrPem')}
          />
        )}
        <Text size="sm">{approvalsNeeded(threshold)}</Text>
        <FormFooter pending={create.isPending} onCancel={onDone} submitLabel="Send for approval" />
      </Stack>
    </form>
  );
}
