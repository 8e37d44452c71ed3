import { type ComboboxData, MultiSelect, SimpleGrid, TagsInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { AUDIT_CATEGORIES, AUDIT_SUBJECTS } from '../../../contract/audit';
import { peopleQuery, personRole } from '../../lib/people-queries';
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
 * Categories and subjects come from the contract's closed list; events and users are suggested
 * from what the log holds, and any other value can be typed. A person is picked by name and role
 * (the filter itself is their user id, which the log keeps however they are renamed); an id the
 * log holds that is no one's any more is offered as it is.
 */
export function AuditFilters({ view, onChange }: AuditFiltersProps) {
  // Suggestions only: without them every filter still takes typed values.
  const seen = useQuery(auditQueries.dimensions()).data;
  const people = useQuery(peopleQuery()).data;
  const personOptions = useMemo(() => {
    const named = [...(people?.values() ?? [])].map((person) => ({ value: person.id, label: `${person.name} (${personRole(person)})` }));
    const ids = named.map((option) => option.value);
    const unnamed = (seen?.userId ?? []).filter((id) => !ids.includes(id));
    return { data: [...named.sort((a, b) => a.label.localeCompare(b.label)), ...unnamed], known: [...ids, ...unnamed] };
  }, [people, seen?.userId]);

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
      <MultiSelect
        label="Person"
        description="By name; matches their user ID, whatever name the event recorded"
        placeholder="Anyone"
        data={withSelected(personOptions.data, personOptions.known, view.userId)}
        value={view.userId}
        onChange={(values) => onChange('userId', values)}
        searchable
        limit={50}
        clearable
      />
    </SimpleGrid>
  );
}
