import { DataList, Table, Text, VisuallyHidden } from '@mantine/core';
import type { ReactElement, ReactNode } from 'react';
import { UtcTime } from './utc-time';

export type Fact = [name: string, value: ReactNode];

/**
 * Label and value rows: a two-column table reads well and is announced as such. Rows that are not
 * there (`cond && row`) are left out. A value without spaces (an address, a hash) wraps anywhere,
 * so at 390 px it breaks inside its cell instead of pushing the table past its card.
 */
export function Facts({ rows, label, nameWidth = 170 }: { rows: (Fact | false | null | undefined | '')[]; label: string; nameWidth?: number }) {
  return (
    <Table variant="vertical" withTableBorder={false} aria-label={label}>
      <Table.Tbody>
        {rows
          .filter((row): row is Fact => Boolean(row))
          .map(([name, value], index) => (
            <Table.Tr key={`${name}-${index}`}>
              <Table.Th w={nameWidth}>{name}</Table.Th>
              <Table.Td style={wrapAnywhere}>{value}</Table.Td>
            </Table.Tr>
          ))}
      </Table.Tbody>
    </Table>
  );
}

/** Lets a long value without spaces (a hash, an id, an address) wrap instead of overflowing its drawer. */
export const wrapAnywhere = { overflowWrap: 'anywhere' } as const;

/** One label and value of a `DataList` (a drawer's details), the value wrapping where it must. */
export function DataField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue style={wrapAnywhere}>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}

/** A column's header: its label, or one that says nothing on screen (a column of buttons) or sits on the right (amounts). */
export type ColumnHead = string | { label: string; hidden?: true; align?: 'right' } | ReactElement;

/**
 * A table's header row: a column header (`scope="col"`) for each column, or the header given as it
 * is (with its key) where a column needs more, such as sorting or a width.
 */
export function ColumnHeads({ columns }: { columns: readonly ColumnHead[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((column) => {
          if (typeof column === 'string')
            return (
              <Table.Th key={column} scope="col">
                {column}
              </Table.Th>
            );
          if (!('label' in column)) return column;
          return (
            <Table.Th key={column.label} scope="col" ta={column.align}>
              {column.hidden ? <VisuallyHidden>{column.label}</VisuallyHidden> : column.label}
            </Table.Th>
          );
        })}
      </Table.Tr>
    </Table.Thead>
  );
}

/** A list's cell with a moment, on one line; a dash where there is none (yet). */
export function TimeCell({ ms }: { ms: number | null }) {
  return (
    <Table.Td>
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {ms === null ? '—' : <UtcTime ms={ms} />}
      </Text>
    </Table.Td>
  );
}
