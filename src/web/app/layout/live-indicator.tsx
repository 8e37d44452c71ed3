import { Badge } from '@mantine/core';
import { useSyncExternalStore } from 'react';
import { liveStatus } from '../../lib/live';

/** Says so in the header while live updates are off: the pages then refresh on timers, later than the stream would. */
export function LiveIndicator() {
  const status = useSyncExternalStore(liveStatus.subscribe, liveStatus.get);
  if (status !== 'down' && status !== 'full') return null;
  const why =
    status === 'full'
      ? 'The console is open for you in as many browsers as the service streams to one user; this tab refreshes on timers until one of them closes.'
      : 'The console refreshes on timers until it can reconnect.';
  return (
    <Badge variant="light" color="gray" data-testid="live-updates-off" title={why}>
      Live updates off
    </Badge>
  );
}
