import { Select, type SelectProps } from '@mantine/core';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';

/** `U`: the values the form's resolver hands on, when it transforms them. */
export type FormSelectProps<T extends FieldValues, U = T> = {
  control: Control<T, unknown, U>;
  name: FieldPath<T>;
  /** Runs after the value changed, for a choice that brings others along. */
  onPick?: (value: string) => void;
  /** Shown instead of the field's own error: reworded, or with the error of the object that holds it. */
  error?: string;
} & Omit<SelectProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'>;

/**
 * A choice of a react-hook-form form: the field's value (an empty one shows no choice), its
 * error, and the field's name, ref and blur, so the form can focus it and check it on leave.
 * A choice once made stays made unless the caller allows deselecting; then the field is ''.
 */
export function FormSelect<T extends FieldValues, U = T>({ control, name, onPick, error, ...props }: FormSelectProps<T, U>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Select
          allowDeselect={false}
          {...props}
          name={field.name}
          ref={field.ref}
          value={(field.value as string | undefined) || null}
          onChange={(value) => {
            field.onChange(value ?? '');
            onPick?.(value ?? '');
          }}
          onBlur={field.onBlur}
          error={error ?? fieldState.error?.message}
        />
      )}
    />
  );
}
