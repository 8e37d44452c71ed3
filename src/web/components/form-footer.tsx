import { Alert, Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The end of a form in a dialog or panel: the service's refusal when it is about no one field,
 * then Cancel and the submit button. While the submission runs, Cancel is disabled (the request
 * cannot be taken back) and the submit button shows it is busy.
 */
export function FormFooter({
  serverError,
  pending,
  onCancel,
  submitLabel,
}: {
  serverError?: string;
  pending: boolean;
  onCancel: () => void;
  submitLabel: ReactNode;
}) {
  return (
    <>
      {serverError && (
        <Alert color="red" variant="light" role="alert">
          {serverError}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel} disabled={pending}>
          Cancel
        </Button>
        <Button type="submit" loading={pending}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}
