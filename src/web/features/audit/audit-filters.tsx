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

/** The fields whose values come from the contract's closed lists, each one a multiple choice. */
const CLOSED_LISTS = [
  { field: 'category', label: 'Category', placeholder: 'Any category', data: CATEGORIES, known: CATEGORIES },
  { field: 'subject', label: 'Subject', placeholder: 'Any subject', data: SUBJECTS, known: SUBJECTS.flatMap((group) => group.items) },
] as const;

// The service matches exactly, case included; the input's default would refuse "bob" after "Bob".
const isExactDuplicate = (value: string, current: string[]) => current.includes(value);

interface AuditFiltersProps {
  view: AuditView;
  onChange: (changes: Partial<Pick<AuditView, FilterField>>) => void;
}

// The person filter holds both ways the service filters by who: a user id (`userId`, what it offers)
// and a recorded display name (`user`, what links and saved views from before it still carry).
const BY_ID = 'id:';
const BY_NAME = 'name:';

/**
 * One input per field; values of a field are alternatives (any of them), fields narrow each other.
 * Categories and subjects come from the contract's closed list; events are suggested from what the
 * log holds, and any other value can be typed. A person is picked by name and role, as the console
 * shows people everywhere; the filter itself is their user id, which the log keeps however they are
 * renamed. An id from a link that is no one's any more is shown as it is, since it is all there is.
 */
export function AuditFilters({ view, onChange }: AuditFiltersProps) {
  // Suggestions only: without them every filter still takes typed values.
  const seen = useQuery(auditQueries.dimensions()).data;
  const people = useQuery(peopleQuery()).data;
  const personOptions = useMemo(() => {
    const named = [...(people?.values() ?? [])]
      .map((person) => ({ value: `${BY_ID}${person.id}`, label: `${person.name} (${personRole(person)})` }))
      .sort((a, b) => a.label.localeCompare(b.label));
    const unknownIds = view.userId.filter((id) => !people?.has(id)).map((id) => ({ value: `${BY_ID}${id}`, label: id }));
    const recordedNames = view.user.map((name) => ({ value: `${BY_NAME}${name}`, label: `“${name}”, as recorded` }));
    return [...named, ...unknownIds, ...recordedNames];
  }, [people, view.userId, view.user]);
  const personValues = [...view.userId.map((id) => `${BY_ID}${id}`), ...view.user.map((name) => `${BY_NAME}${name}`)];

  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
      {CLOSED_LISTS.map(({ field, data, known, ...labels }) => (
        <MultiSelect
          key={field}
          {...labels}
          data={withSelected(data, known, view[field])}
          value={view[field]}
          onChange={(values) => onChange({ [field]: values })}
          searchable
          clearable
        />
      ))}
      <TagsInput
        label="Event"
        placeholder="Any event"
        data={seen?.event ?? []}
        value={view.event}
        onChange={(values) => onChange({ event: values })}
        isDuplicate={isExactDuplicate}
        clearable
      />
      <MultiSelect
        label="Person"
        description="By name and role; matches whatever name the event recorded"
        placeholder="Anyone"
        data={personOptions}
        value={personValues}
        onChange={(values) =>
          onChange({
            userId: values.filter((value) => value.startsWith(BY_ID)).map((value) => value.slice(BY_ID.length)),
            user: values.filter((value) => value.startsWith(BY_NAME)).map((value) => value.slice(BY_NAME.length)),
          })
        }
        searchable
        limit={50}
        clearable
      />
    </SimpleGrid>
  );
}
