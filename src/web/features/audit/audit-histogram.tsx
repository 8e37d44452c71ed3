import { Button, Group, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type PointerEvent, useState } from 'react';
import type { AuditHistogram as Histogram } from '../../../contract/audit';
import { describeError } from '../../lib/api-client';
import { utcText } from '../../lib/time-text';
import { auditQueries } from './api';
import type { AuditRange, AuditView } from './audit-view';
import { eventCount } from './event-count';
import classes from './audit-histogram.module.css';

/** Bars asked for: enough to see a shape, wide enough to click (the service picks the width). */
const BUCKETS = 60;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

/** "minute", "15 minutes", "3 hours", "day", "2 weeks": the widths the service uses. */
export function widthText(ms: number): string {
  const [unit, size] = ms % WEEK === 0 ? ['week', WEEK] : ms % DAY === 0 ? ['day', DAY] : ms % HOUR === 0 ? ['hour', HOUR] : ['minute', MINUTE];
  const n = ms / size;
  return n === 1 ? unit : `${n} ${unit}s`;
}

/** What bars `a` to `b` (either order) cover, kept inside the range the view shows. */
function spanOf(h: Histogram, a: number, b: number): AuditRange {
  const [lo, hi] = a <= b ? [a, b] : [b, a];
  return {
    startTime: Math.max(h.startTime, h.buckets[lo]!.start),
    // The range includes its end; the next bar's first millisecond is not part of this one.
    endTime: Math.min(h.endTime, h.buckets[hi]!.start + h.bucketMs - 1),
  };
}

const spanText = (range: AuditRange) => `${utcText(range.startTime)} to ${utcText(range.endTime)}`;

/**
 * How many events the view selects, per time bucket, drawn above the table as plain SVG. Dragging
 * across the bars (or clicking one) narrows the view's range to them; the same is offered as a
 * table with a button per bucket, for keyboards and screen readers.
 */
export function AuditHistogram({ view, onRange }: { view: AuditView; onRange: (range: AuditRange) => void }) {
  // The list first: counting a searched range is the slower query, and asked alongside it would
  // queue ahead of the list on the service (one database connection when embedded). This only
  // watches the list's query, which the table below runs. A superseded count is aborted through
  // the query's signal once nothing shows it any more.
  const list = useInfiniteQuery({ ...auditQueries.events(view), enabled: false });
  const histogram = useQuery({ ...auditQueries.histogram(view, BUCKETS), enabled: list.status !== 'pending' });
  const [drag, setDrag] = useState<{ from: number; to: number } | null>(null);
  const [hovered, setHovered] = useState<number | null>(null);
  const [asTable, setAsTable] = useState(false);

  if (histogram.isPending) {
    // The drawn chart's rows at their own heights (its line of text, the bars' 96 px border
    // included, the line under them), so the events below do not move when the counts arrive.
    return (
      <Stack gap={4} role="status">
        <VisuallyHidden>Loading the event counts…</VisuallyHidden>
        <Text size="sm" aria-hidden>
          Counting the events…
        </Text>
        <Skeleton height={96} />
        <Group justify="center" gap="xs">
          <Button variant="subtle" size="compact-xs" disabled>
            Show the counts as a table
          </Button>
        </Group>
      </Stack>
    );
  }
  if (histogram.isError) {
    // A line, not an alert: what refuses the counts (a range out of bounds) refuses the list below,
    // whose alert says it with the request id; the chart is an aid, not the answer.
    return (
      <Group gap="xs">
        <Text size="sm" c="red">
          The event counts could not be loaded: {describeError(histogram.error).message}
        </Text>
        <Button variant="subtle" size="compact-xs" onClick={() => void histogram.refetch()}>
          Try again
        </Button>
      </Group>
    );
  }

  const h = histogram.data;
  const n = h.buckets.length;
  const peak = Math.max(1, ...h.buckets.map((b) => b.count));
  const narrow = (a: number, b: number) => {
    const range = spanOf(h, a, b);
    if (range.startTime !== view.startTime || range.endTime !== view.endTime) onRange(range);
  };
  const barAt = (event: PointerEvent<SVGSVGElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return box.width > 0 ? Math.min(n - 1, Math.max(0, Math.floor(((event.clientX - box.left) / box.width) * n))) : 0;
  };
  const selected = drag && { lo: Math.min(drag.from, drag.to), hi: Math.max(drag.from, drag.to) };
  const shown = hovered ?? selected?.hi ?? null;
  const per = widthText(h.bucketMs);

  return (
    <Stack gap={4} data-testid="audit-histogram">
      <Group justify="space-between" gap="xs">
        <Text size="sm" data-testid="audit-histogram-total">
          {eventCount(h.total)} in this range, per {per}
        </Text>
        <Text size="sm" c="dimmed" aria-hidden>
          {selected
            ? `${spanText(spanOf(h, selected.lo, selected.hi))}: release to show`
            : shown !== null
              ? `${spanText(spanOf(h, shown, shown))}: ${eventCount(h.buckets[shown]!.count)}`
              : 'Drag across the bars or click one to narrow the range'}
        </Text>
      </Group>
      <div className={classes.chart}>
        <Text size="xs" c="dimmed" className={classes.peak} aria-hidden>
          {eventCount(peak)}
        </Text>
        <svg
          className={classes.svg}
          viewBox={`0 0 ${n * 10} 100`}
          preserveAspectRatio="none"
          role="img"
          aria-label={`Events per ${per} from ${utcText(h.startTime)} to ${utcText(h.endTime)}: ${eventCount(h.total)}, at most ${eventCount(peak)} in one ${per}.`}
          onPointerDown={(event) => {
            if (event.button !== 0) return;
            event.currentTarget.setPointerCapture(event.pointerId);
            const at = barAt(event);
            setDrag({ from: at, to: at });
          }}
          onPointerMove={(event) => {
            const at = barAt(event);
            setHovered(at);
            if (drag) setDrag({ ...drag, to: at });
          }}
          onPointerUp={() => {
            if (drag) narrow(drag.from, drag.to);
            setDrag(null);
          }}
          onPointerCancel={() => setDrag(null)}
          onPointerLeave={() => setHovered(null)}
        >
          {selected && <rect className={classes.selection} x={selected.lo * 10} width={(selected.hi - selected.lo + 1) * 10} y={0} height={100} />}
          {h.buckets.map((b, i) => {
            const height = b.count === 0 ? 0 : Math.max(2, (b.count / peak) * 96);
            return (
              <rect key={b.start} className={i === hovered ? classes.barHovered : classes.bar} x={i * 10 + 1} width={8} y={100 - height} height={height}>
                <title>{`${spanText(spanOf(h, i, i))}: ${eventCount(b.count)}`}</title>
              </rect>
            );
          })}
        </svg>
      </div>
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed">
          {utcText(h.startTime)}
        </Text>
        <Button variant="subtle" size="compact-xs" aria-expanded={asTable} onClick={() => setAsTable(!asTable)}>
          {asTable ? 'Hide the counts table' : 'Show the counts as a table'}
        </Button>
        <Text size="xs" c="dimmed">
          {utcText(h.endTime)}
        </Text>
      </Group>
      {asTable && (
        <Table.ScrollContainer minWidth={420} maxHeight={320}>
          <Table striped stickyHeader>
            <Table.Caption>Events per {per}; buckets without events are left out.</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>From</Table.Th>
                <Table.Th>To</Table.Th>
                <Table.Th>Events</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Narrow</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {h.buckets.map((b, i) => {
                if (b.count === 0) return null;
                const range = spanOf(h, i, i);
                return (
                  <Table.Tr key={b.start}>
                    <Table.Td>{utcText(range.startTime)}</Table.Td>
                    <Table.Td>{utcText(range.endTime)}</Table.Td>
                    <Table.Td>{eventCount(b.count)}</Table.Td>
                    <Table.Td>
                      <Button variant="default" size="compact-xs" aria-label={`Show the events from ${spanText(range)}`} onClick={() => narrow(i, i)}>
                        Show
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
