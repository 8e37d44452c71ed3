import { Badge } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { liveStatus } from '../../lib/live';

/** Says so in the header while live updates are off: the pages then refresh on timers, later than the stream would. */
export function LiveIndicator() {
  const status = useSyncExternalStore(liveStatus.subscribe, liveStatus.get);
  if (status !== 'down') return null;
  return (
    <Badge variant="light" color="gray" data-testid="live-updates-off" title="The console refreshes on timers until it can reconnect.">
      Live updates off
    </Badge>
  );
}
