import { type ComboboxData, MultiSelect, SimpleGrid, TagsInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { AUDIT_CATEGORIES, AUDIT_SUBJECTS } from '../../../contract/audit';
import { auditQueries } from './api';
import type { AuditView, FilterField } from './audit-view';

const CATEGORIES = [...AUDIT_CATEGORIES];
const SUBJECTS = AUDIT_CATEGORIES.map((category) => ({ group: category, items: [...AUDIT_SUBJECTS[category]] }));

/** A value from a shared link that the list does not know (yet) still needs an option to show as a pill. */
function withSelected(data: ComboboxData, known: readonly string[], selected: readonly string[]): ComboboxData {
  const unknown = selected.filter((value) => !known.includes(value));
  return unknown.length ? [...data, ...unknown] : data;
}

const ALL_SUBJECTS = SUBJECTS.flatMap((group) => group.items);

// The service matches exactly, case included; the input's default would refuse "bob" after "Bob".
const isExactDuplicate = (value: string, current: string[]) => current.includes(value);

interface AuditFiltersProps {
  view: AuditView;
  onChange: (field: FilterField, values: string[]) => void;
}

/**
 * One input per field; values of a field are alternatives (any of them), fields narrow each other.
 * Categories and subjects come from the contract's closed list; events, users and user ids are
 * suggested from what the log holds, and any other value can be typed.
 */
export function AuditFilters({ view, onChange }: AuditFiltersProps) {
  // Suggestions only: without them every filter still takes typed values.
  const seen = useQuery(auditQueries.dimensions()).data;

  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
      <MultiSelect
        label="Category"
        placeholder="Any category"
        data={withSelected(CATEGORIES, CATEGORIES, view.category)}
        value={view.category}
        onChange={(values) => onChange('category', values)}
        searchable
        clearable
      />
      <MultiSelect
        label="Subject"
        placeholder="Any subject"
        data={withSelected(SUBJECTS, ALL_SUBJECTS, view.subject)}
        value={view.subject}
        onChange={(values) => onChange('subject', values)}
        searchable
        clearable
      />
      <TagsInput
        label="Event"
        placeholder="Any event"
        data={seen?.event ?? []}
        value={view.event}
        onChange={(values) => onChange('event', values)}
        isDuplicate={isExactDuplicate}
        clearable
      />
      <TagsInput
        label="User"
        description="Display name, exactly as recorded"
        placeholder="Anyone"
        data={seen?.user ?? []}
        value={view.user}
        onChange={(values) => onChange('user', values)}
        isDuplicate={isExactDuplicate}
        // A display name may contain a comma ("Doe, Jane"), so a comma must not split it in two.
        splitChars={[]}
        limit={50}
        clearable
      />
      <TagsInput
        label="User ID"
        placeholder="Any user ID"
        data={seen?.userId ?? []}
        value={view.userId}
        onChange={(values) => onChange('userId', values)}
        isDuplicate={isExactDuplicate}
        limit={50}
        clearable
      />
    </SimpleGrid>
  );
}
