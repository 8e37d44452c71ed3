import { TextInput, type TextInputProps } from '@mantine/core';
import { type FieldErrors, get, useFormContext, useFormState } from 'react-hook-form';
import { FormSelect, type FormSelectProps } from '../../components/form-select';
import type { DraftField, OrderDraft } from './order-draft';

/** The message of the draft's error at `field`, if any (also for a part of the draft, such as a participant). */
function draftError(errors: FieldErrors<OrderDraft>, field: DraftField): string | undefined {
  return (get(errors, field) as { message?: string } | undefined)?.message;
}

export function useDraftError(field: DraftField): string | undefined {
  const { errors } = useFormState<OrderDraft>({ name: field });
  return draftError(errors, field);
}

/** A text field of the draft, with its error from the draft's checks. */
export function DraftTextInput({ name, ...props }: { name: DraftField } & Omit<TextInputProps, 'name' | 'error'>) {
  const { register } = useFormContext<OrderDraft>();
  const error = useDraftError(name);
  return <TextInput autoComplete="off" {...props} error={error} {...register(name)} />;
}

/** A choice of the draft; `onPick` runs after the value changed, for choices that bring others along. */
export function DraftSelect(props: { name: DraftField } & Omit<FormSelectProps<OrderDraft>, 'control' | 'name'>) {
  const { control } = useFormContext<OrderDraft>();
  return <FormSelect control={control} {...props} />;
}
