import { Alert, Progress, Stack, Text } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { auditQueries } from './api';
import { eventCount, groupedCount } from './event-count';
import { explorerQueries } from './explorer-api';

/**
 * After a first start the service writes the demo workspace's year of history in the background,
 * newest first: until it is complete, the explorer says how far it is, so that a reader who finds
 * no events last March knows why. When it completes, the explorer's counts and pages are read again.
 */
export function DemoHistoryNotice() {
  const queryClient = useQueryClient();
  const { data } = useQuery(explorerQueries.demoHistory());
  const writing = data !== undefined && data.written < data.total;
  const wasWriting = useRef(false);
  useEffect(() => {
    if (wasWriting.current && !writing) void queryClient.invalidateQueries({ queryKey: auditQueries.all });
    wasWriting.current = writing;
  }, [writing, queryClient]);
  if (!writing) return null;
  return (
    // Progress, not an interruption: polite, unlike Mantine's default role "alert".
    <Alert role="status" color="blue" variant="light" icon={<IconHourglass aria-hidden />} title="The demo’s history is still being written">
      <Stack gap={6}>
        <Text size="sm">
          Demo history: {groupedCount(data.written)} of {eventCount(data.total)} written. The newest came first; older events appear as they are written.
        </Text>
        <Progress value={(100 * data.written) / data.total} size="sm" aria-hidden />
      </Stack>
    </Alert>
  );
}
