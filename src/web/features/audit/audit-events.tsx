import { Button, EmptyState, Group, Loader, Stack, Text } from '@mantine/core';
import { IconArrowUp, IconFilterOff } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import type { AuditLogData } from '../../../contract/audit';
import { ErrorView } from '../../components/error-view';
import { UtcTime } from '../../components/utc-time';
import { auditQueries } from './api';
import { AuditEventDrawer } from './audit-event-drawer';
import { AuditEventsTable } from './audit-events-table';
import { type AuditView, FILTER_FIELDS } from './audit-view';
import type { Columns } from './columns';
import { eventCount } from './event-count';
import { useLiveTail } from './use-live-tail';
import { LoadingSkeleton } from '../../components/section';

function LoadingEvents() {
  return <LoadingSkeleton label="Loading audit events…" heights={[44, 44, 44, 44, 44, 44]} gap="xs" radius="sm" />;
}

function NoEvents({ view }: { view: AuditView }) {
  const filtered = view.q !== '' || FILTER_FIELDS.some((field) => view[field].length > 0);
  return (
    <EmptyState icon={<IconFilterOff aria-hidden />} withIndicatorBackground align="left" py="xl">
      <EmptyState.Title order={3}>{filtered ? 'No events match these filters' : 'No events in this time range'}</EmptyState.Title>
      <EmptyState.Description>
        Nothing was recorded from <UtcTime ms={view.startTime} /> to <UtcTime ms={view.endTime} />
        {filtered ? ' that matches every filter. Remove a filter or widen the time range.' : '. Widen the time range.'}
      </EmptyState.Description>
    </EmptyState>
  );
}

/**
 * The events of one view, loaded a page at a time as the table is scrolled. The page gives each
 * view its own instance (keyed by the view), so a new search starts at the first page and the top.
 */
export function AuditEvents({ view, columns, liveTail = false }: { view: AuditView; columns: Columns; liveTail?: boolean }) {
  const events = useInfiniteQuery(auditQueries.events(view));
  const [detail, setDetail] = useState<{ event: AuditLogData; opened: boolean } | null>(null);
  // Drawn in a deferred render, which React slices, not in the query's own synchronous update (see AssetsList).
  const data = useDeferredValue(events.data);
  const loaded = useMemo(() => data?.pages.flatMap((page) => page.data) ?? [], [data]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const [scrolledAway, setScrolledAway] = useState(false);
  // The tail starts once the loaded rows are drawn: it reads from the newest of them, and with none
  // it would take the range's events it catches up with for new ones.
  const tail = useLiveTail({ view, on: liveTail && data !== undefined, paused: scrolledAway || Boolean(detail?.opened), newestLoaded: loaded[0] });
  const rows = useMemo(() => (tail.shown.length > 0 ? [...tail.shown, ...loaded] : loaded), [tail.shown, loaded]);
  const hasRows = rows.length > 0;

  // Scrolled down to read: the live tail holds new events back rather than moving the rows away.
  useEffect(() => {
    const scroller = scrollRef.current;
    if (!scroller) return;
    const onScroll = () => setScrolledAway(scroller.scrollTop > 0);
    scroller.addEventListener('scroll', onScroll, { passive: true });
    return () => scroller.removeEventListener('scroll', onScroll);
  }, [hasRows]);

  if (data === undefined && !events.isError) return <LoadingEvents />;
  if (rows.length === 0 && events.isError) {
    return <ErrorView title="The audit events could not be loaded" error={events.error} onRetry={() => void events.refetch()} />;
  }
  if (rows.length === 0) return <NoEvents view={view} />;

  return (
    <Stack gap="xs">
      <Group justify="space-between" mih={24}>
        <Text size="sm" aria-live="polite" data-testid="audit-events-count">
          {eventCount(rows.length)} loaded
          {events.hasNextPage && ', more available'}
        </Text>
        {tail.waiting > 0 && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconArrowUp size={14} aria-hidden />}
            onClick={() => {
              tail.resume();
              scrollRef.current?.scrollTo({ top: 0 });
            }}
          >
            {eventCount(tail.waiting).replace(' event', ' new event')}
          </Button>
        )}
        {events.isFetchingNextPage && <Loader size="xs" role="status" aria-label="Loading more events" />}
      </Group>
      <AuditEventsTable
        scrollRef={scrollRef}
        columns={columns.shown}
        onResize={columns.resize}
        events={rows}
        hasMore={events.hasNextPage}
        canLoadMore={events.hasNextPage && !events.isFetchingNextPage && !events.isFetchNextPageError}
        onLoadMore={events.fetchNextPage}
        onOpen={(event) => setDetail({ event, opened: true })}
      />
      {events.isFetchNextPageError && <ErrorView title="More events could not be loaded" error={events.error} onRetry={() => void events.fetchNextPage()} />}
      <AuditEventDrawer
        event={detail?.event ?? null}
        opened={detail?.opened ?? false}
        onClose={() => setDetail((current) => current && { ...current, opened: false })}
      />
    </Stack>
  );
}
