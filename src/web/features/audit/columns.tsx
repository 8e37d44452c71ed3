import { Button, Menu, Text } from '@mantine/core';
import { IconCheck, IconColumns } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { AuditLogData } from '../../../contract/audit';
import { AUDIT_COLUMN_WIDTH, AUDIT_COLUMNS, type AuditColumn, type AuditColumnId, DEFAULT_AUDIT_COLUMNS } from '../../../contract/audit-views';
import { Person } from '../../components/person';
import { UtcTime } from '../../components/utc-time';
import { explorerQueries, useSaveColumns } from './explorer-api';

/** A cell in one line of monospace, cut short where the column is narrower. */
const monospace = (content: ReactNode) => (
  <Text size="sm" ff="monospace" truncate>
    {content}
  </Text>
);

/**
 * How each column of the explorer is headed, what its cells show, and the least width (px) that
 * shows a cell whole, for a column whose every cell is the same length.
 */
export const COLUMN_SPECS: Record<AuditColumnId, { label: string; cell: (event: AuditLogData) => ReactNode; minWidth?: number }> = {
  time: {
    label: 'When (UTC)',
    // "2026-01-31 14:05:09 UTC (11 mo ago)": 35 monospace characters at 14 px (about 8.4 px each in
    // the usual monospace fonts) and the cell's padding. A narrower width, the old default of 250
    // included, cut the relative time to "(j…".
    minWidth: 330,
    cell: (event) => monospace(<UtcTime ms={event.timestamp} focusable={false} />),
  },
  user: {
    label: 'Who',
    // The name and role; the id is in the event's drawer, with a copy button.
    cell: (event) => (
      <Text size="sm" truncate>
        <Person id={event.userId} name={event.user} />
      </Text>
    ),
  },
  what: {
    label: 'What',
    cell: (event) => (
      <Text size="sm" truncate>
        {event.category} / {event.subject} /{' '}
        <Text span fw={600} inherit>
          {event.event}
        </Text>
      </Text>
    ),
  },
  sourceAddress: {
    label: 'Source address',
    cell: (event) => monospace(event.sourceAddress ?? '—'),
  },
  requestId: {
    label: 'Request ID',
    cell: (event) => monospace(event.requestId ?? '—'),
  },
};

/** A width the column may have: within the contract's bounds, and never narrower than its cells need. */
export const clampWidth = (id: AuditColumnId, width: number) =>
  Math.round(Math.min(AUDIT_COLUMN_WIDTH.max, Math.max(COLUMN_SPECS[id].minWidth ?? AUDIT_COLUMN_WIDTH.min, width)));

/** The reader's columns (kept on the service, the defaults until they change them) and the ways to change them. */
export function useColumns() {
  const preferences = useQuery(explorerQueries.preferences());
  const save = useSaveColumns();
  const shown = preferences.data?.columns ?? DEFAULT_AUDIT_COLUMNS;
  return {
    shown,
    /** Shows or hides one column; a shown column goes back where it stands in the default order. */
    toggle(id: AuditColumnId) {
      const next = shown.some((c) => c.id === id)
        ? shown.filter((c) => c.id !== id)
        : [...shown, { id }].sort((a, b) => AUDIT_COLUMNS.indexOf(a.id) - AUDIT_COLUMNS.indexOf(b.id));
      if (next.length > 0) save.mutate(next);
    },
    resize(id: AuditColumnId, width: number) {
      save.mutate(shown.map((c): AuditColumn => (c.id === id ? { ...c, width: clampWidth(id, width) } : c)));
    },
  };
}
export type Columns = ReturnType<typeof useColumns>;

/** Which columns the table shows; the last one shown cannot be hidden. */
export function ColumnChooser({ columns }: { columns: Columns }) {
  const shown = new Set(columns.shown.map((c) => c.id));
  return (
    <Menu closeOnItemClick={false} position="bottom-end">
      <Menu.Target>
        <Button variant="default" leftSection={<IconColumns size={16} aria-hidden />}>
          Columns
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Columns shown</Menu.Label>
        {AUDIT_COLUMNS.map((id) => (
          <Menu.Item
            key={id}
            // Mantine gives every item the menuitem role, which has no checked state: the name says what a click does.
            aria-label={`${shown.has(id) ? 'Hide' : 'Show'} ${COLUMN_SPECS[id].label}`}
            disabled={shown.has(id) && shown.size === 1}
            leftSection={<IconCheck size={14} aria-hidden style={{ visibility: shown.has(id) ? 'visible' : 'hidden' }} />}
            onClick={() => columns.toggle(id)}
          >
            {COLUMN_SPECS[id].label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
