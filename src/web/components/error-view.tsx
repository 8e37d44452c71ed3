import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { describeError } from '../lib/api-client';
import { CopyableValue } from './copyable-value';

/** A failure that replaces the content it prevented, with the request id support will ask for. */
export function ErrorView({ title, error, onRetry }: { title: string; error: unknown; onRetry?: () => void }) {
  const { message, requestId } = describeError(error);
  return (
    <Alert color="red" variant="light" title={title} icon={<IconAlertTriangle aria-hidden />} role="alert">
      <Stack gap="xs">
        <Text size="sm">{message}</Text>
        {requestId && (
          <Group gap="xs">
            <Text size="sm">Request id:</Text>
            <CopyableValue value={requestId} label="request id" />
          </Group>
        )}
        {onRetry && (
          <Group>
            <Button size="xs" variant="light" color="red" onClick={onRetry}>
              Try again
            </Button>
          </Group>
        )}
      </Stack>
    </Alert>
  );
}
