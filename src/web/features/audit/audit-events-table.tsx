import { Table, VisuallyHidden } from '@mantine/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { type KeyboardEvent, type RefObject, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import type { AuditLogData } from '../../../contract/audit';
import type { AuditColumn, AuditColumnId } from '../../../contract/audit-views';
import classes from './audit-events-table.module.css';
import { clampWidth, COLUMN_SPECS } from './columns';

const ROW_HEIGHT = 56;
const HEADER_HEIGHT = 40;
/** The next page is asked for when a row this close to the end of what is loaded is rendered. */
const LOAD_AHEAD = 40;

const MOVES: Record<string, (active: number, last: number) => number> = {
  ArrowDown: (active) => active + 1,
  j: (active) => active + 1,
  ArrowUp: (active) => active - 1,
  k: (active) => active - 1,
  Home: () => 0,
  End: (_active, last) => last,
};

interface AuditEventsTableProps {
  events: readonly AuditLogData[];
  /** The service has more events for this search than are loaded. */
  hasMore: boolean;
  /** False while a page is on its way, when there is none left, or after loading one failed. */
  canLoadMore: boolean;
  onLoadMore: () => unknown;
  onOpen: (event: AuditLogData) => void;
  columns: readonly AuditColumn[];
  onResize: (id: AuditColumnId, width: number) => void;
  /** The scrolling box, for whoever needs to know whether the reader has scrolled away from the top (the live tail). */
  scrollRef?: RefObject<HTMLDivElement | null>;
}

/** A column's header with a handle that drags (or, focused, arrows) its width; the width is kept when the drag ends. */
function ColumnHeader({ column, onResize }: { column: AuditColumn; onResize: AuditEventsTableProps['onResize'] }) {
  const [dragged, setDragged] = useState<number | null>(null);
  const header = useRef<HTMLTableCellElement>(null);
  // A width kept from before a column had its least width (250 for the time) is shown widened.
  const kept = dragged ?? column.width;
  const width = kept === undefined ? COLUMN_SPECS[column.id].minWidth : clampWidth(column.id, kept);
  const label = COLUMN_SPECS[column.id].label;
  const current = () => width ?? header.current?.getBoundingClientRect().width ?? 200;

  return (
    <Table.Th ref={header} scope="col" w={width} className={classes.header}>
      {label}
      <button
        type="button"
        aria-label={`Resize ${label}: arrow keys, or drag`}
        className={classes.resizer}
        onClick={(event) => event.stopPropagation()}
        onKeyDown={(event) => {
          const step = event.key === 'ArrowLeft' ? -20 : event.key === 'ArrowRight' ? 20 : 0;
          if (step === 0) return;
          event.preventDefault();
          event.stopPropagation();
          onResize(column.id, current() + step);
        }}
        onPointerDown={(event) => {
          event.preventDefault();
          const startX = event.clientX;
          const startWidth = current();
          const target = event.currentTarget;
          target.setPointerCapture(event.pointerId);
          let last = startWidth;
          const move = (e: PointerEvent) => {
            last = clampWidth(column.id, startWidth + e.clientX - startX);
            setDragged(last);
          };
          const up = () => {
            target.removeEventListener('pointermove', move);
            target.removeEventListener('pointerup', up);
            setDragged(null);
            if (last !== startWidth) onResize(column.id, last);
          };
          target.addEventListener('pointermove', move);
          target.addEventListener('pointerup', up);
        }}
      />
    </Table.Th>
  );
}

/**
 * The loaded events as a grid of rows, of which only those in view (and a few either side) are in
 * the DOM. A grid rather than a plain table so that screen readers hand the arrow keys to it.
 */
export function AuditEventsTable({ events, hasMore, canLoadMore, onLoadMore, onOpen, columns, onResize, scrollRef: givenScrollRef }: AuditEventsTableProps) {
  const ownScrollRef = useRef<HTMLDivElement>(null);
  const scrollRef = givenScrollRef ?? ownScrollRef;
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const hintId = useId();
  const [active, setActive] = useState(0);
  // Set by a keyboard move; the row takes focus once it is rendered, which for a far jump (End)
  // is only after the virtualizer has scrolled to it.
  const focusPending = useRef(false);

  // This console is not built with React Compiler, which is what the rule protects.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: events.length,
    getScrollElement: () => scrollRef.current,
    // Every row is exactly this high (its cells truncate), so rows are not measured: measuring
    // them forces a layout per row as they mount, about 60 ms on the first page.
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => events[index]!.id,
    overscan: 10,
    // The scroller's height as the style sheet sets it (min(70vh, 720px)), so that the first render
    // draws every row in view. Without it the virtualizer draws the overscan alone, measures the box
    // after mounting and draws the rows again in a blocking render (a task of about 110 ms).
    initialRect: { width: 0, height: Math.min(window.innerHeight * 0.7, 720) },
    // The sticky header sits above the first row inside the scrolling element.
    paddingStart: HEADER_HEIGHT,
    scrollPaddingStart: HEADER_HEIGHT,
  });
  const items = virtualizer.getVirtualItems();
  const lastRendered = items.at(-1)?.index ?? -1;

  useEffect(() => {
    if (canLoadMore && lastRendered >= events.length - LOAD_AHEAD) void onLoadMore();
  }, [canLoadMore, lastRendered, events.length, onLoadMore]);

  useLayoutEffect(() => {
    if (!focusPending.current) return;
    const row = bodyRef.current?.querySelector<HTMLElement>(`tr[data-index="${active}"]`);
    if (!row) return;
    focusPending.current = false;
    // Not preventScroll: the virtualizer has placed the row in the table's box, but the box itself
    // may be partly below the fold of the page, which focusing scrolls as far as needed.
    row.focus();
  });

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const move = MOVES[event.key];
    if (move) {
      const next = Math.max(0, Math.min(events.length - 1, move(active, events.length - 1)));
      setActive(next);
      focusPending.current = true;
      virtualizer.scrollToIndex(next, { align: 'auto' });
    } else if (event.key === 'Enter' && events[active]) {
      onOpen(events[active]);
    } else {
      return;
    }
    event.preventDefault();
  };

  // One row is in the tab order: the active one, or the first in view when it has scrolled away.
  const tabbable = items.some((item) => item.index === active) ? active : items[0]?.index;
  const paddingTop = (items[0]?.start ?? HEADER_HEIGHT) - HEADER_HEIGHT;
  const paddingBottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? HEADER_HEIGHT);

  return (
    // The scroll padding keeps a row the browser scrolls to from sliding under the sticky header.
    <div ref={scrollRef} className={classes.scroller} style={{ scrollPaddingTop: HEADER_HEIGHT }}>
      <VisuallyHidden id={hintId}>Use the arrow keys or J and K to move between events, Home and End to jump, Enter to open one.</VisuallyHidden>
      <Table
        role="grid"
        aria-label="Audit events"
        aria-describedby={hintId}
        // -1: the total is unknown while more pages can be loaded.
        aria-rowcount={hasMore ? -1 : events.length + 1}
        layout="fixed"
        stickyHeader
        highlightOnHover
        verticalSpacing={0}
        onKeyDown={onKeyDown}
      >
        <Table.Thead>
          <Table.Tr aria-rowindex={1} style={{ height: HEADER_HEIGHT }}>
            {columns.map((column) => (
              <ColumnHeader key={column.id} column={column} onResize={onResize} />
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody ref={bodyRef}>
          {paddingTop > 0 && <Spacer height={paddingTop} columns={columns.length} />}
          {items.map((item) => {
            const event = events[item.index]!;
            return (
              <Table.Tr
                key={item.key}
                data-index={item.index}
                data-event-id={event.id}
                aria-rowindex={item.index + 2}
                tabIndex={item.index === tabbable ? 0 : -1}
                className={classes.row}
                style={{ height: ROW_HEIGHT }}
                onFocus={() => setActive(item.index)}
                // A link in the row (a person's name) goes where it leads, without opening the event too.
                onClick={(click) => {
                  if (!(click.target as Element).closest('a')) onOpen(event);
                }}
              >
                {columns.map((column) => (
                  <Table.Td key={column.id}>{COLUMN_SPECS[column.id].cell(event)}</Table.Td>
                ))}
              </Table.Tr>
            );
          })}
          {paddingBottom > 0 && <Spacer height={paddingBottom} columns={columns.length} />}
        </Table.Tbody>
      </Table>
    </div>
  );
}

/** Stands in for the rows that are not rendered, so the scrollbar reflects every loaded event. */
function Spacer({ height, columns }: { height: number; columns: number }) {
  return (
    <tr aria-hidden style={{ height }}>
      <td colSpan={columns} style={{ padding: 0, border: 0 }} />
    </tr>
  );
}
