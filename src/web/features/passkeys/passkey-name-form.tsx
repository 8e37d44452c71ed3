import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import type { OperationId } from '../../../contract/operations';
import { RenamePasskeyRequest } from '../../../contract/passkeys';
import { ActionButton } from '../../components/action-button';
import { reportFormError } from '../../components/report-form-error';

const FIELDS = ['name'] as const;

/** A passkey's name, checked with the contract's rule (1 to 64 characters); the service's refusal goes on the field. */
export function usePasskeyNameForm(name: string, failureTitle: string) {
  const form = useForm({ resolver: zodResolver(RenamePasskeyRequest), defaultValues: { name } });
  const onError = (error: unknown) => reportFormError(failureTitle, error, FIELDS, (field, message) => form.setError(field, { type: 'server', message }));
  return { form, onError };
}

interface PasskeyNameFormProps {
  form: ReturnType<typeof usePasskeyNameForm>['form'];
  label: string;
  /** The form's accessible name. */
  formLabel: string;
  submitLabel: string;
  /** The operation the form submits. */
  operation: OperationId;
  /** Set when the form cannot be submitted here; what says why is the page's. */
  disabled?: boolean;
  pending: boolean;
  onSubmit: (name: string) => void;
  onCancel?: () => void;
}

/** The name field and its buttons, for adding a passkey and for renaming one. */
export function PasskeyNameForm({ form, label, formLabel, submitLabel, operation, disabled, pending, onSubmit, onCancel }: PasskeyNameFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;
  return (
    <form noValidate aria-label={formLabel} onSubmit={handleSubmit(({ name }) => onSubmit(name))}>
      <Stack gap="sm">
        <TextInput
          label={label}
          description="Up to 64 characters, e.g. the device that holds it."
          required
          error={errors.name?.message}
          {...register('name')}
        />
        <Group gap="sm" justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={pending}>
              Cancel
            </Button>
          )}
          <ActionButton operation={operation} type="submit" loading={pending} disabled={disabled}>
            {submitLabel}
          </ActionButton>
        </Group>
      </Stack>
    </form>
  );
}
