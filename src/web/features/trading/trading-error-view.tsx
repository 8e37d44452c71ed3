import { EmptyState } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { ErrorView } from '../../components/error-view';
import { isApiError } from '../../lib/api-client';

/**
 * A trading page that could not load. A 403 here means the workspace is not in the trading beta
 * (the console shows trading pages only to roles that may see them): no retry will change that,
 * so the service's own words are shown as they are, not as a failure.
 */
export function TradingErrorView({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  if (isApiError(error) && error.status === 403) {
    return (
      <EmptyState icon={<IconLock aria-hidden />} withIndicatorBackground align="left" py="xl">
        <EmptyState.Title order={2}>Trading is not available</EmptyState.Title>
        <EmptyState.Description>{error.message}</EmptyState.Description>
      </EmptyState>
    );
  }
  return <ErrorView title={title} error={error} onRetry={onRetry} />;
}
