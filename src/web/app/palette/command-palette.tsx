import '@mantine/spotlight/styles.css';
import { Group, Input, Kbd, Loader, type ScrollAreaAutosizeProps, Text } from '@mantine/core';
import { createSpotlight, Spotlight, type SpotlightActionsListProps } from '@mantine/spotlight';
import { type Icon, IconHistory, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, type ReactNode, useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { mayPerform } from '../../../contract/operations';
import type { Role } from '../../../contract/roles';
import { explorerQueries, savedViewPath } from '../../features/audit/explorer-api';
import { requestAction } from '../../lib/requested-action';
import classes from './command-palette.module.css';
import { actionsFor } from '../../lib/console-actions';
import { sectionsFor } from '../navigation';
import { type Found, usePaletteSearch } from './use-palette-search';

/** The palette's own store, which the launcher opens. */
export const [paletteStore, palette] = createSpotlight();

// One palette in the console.
const LIST_ID = 'command-palette-results';

/**
 * Spotlight's list passes its other props on to the ScrollArea.Autosize it draws, though its types
 * leave `viewportProps` out. The listbox is the viewport, the element that scrolls: axe accepts a
 * scrolling combobox popup that takes no focus (the search keeps it), but not a plain scrolling
 * div around one (`scrollable-region-focusable`).
 */
const ActionsList = Spotlight.ActionsList as (props: SpotlightActionsListProps & Pick<ScrollAreaAutosizeProps, 'viewportProps'>) => ReactNode;
const optionId = (position: number) => `${LIST_ID}-${position}`;

interface Entry {
  key: string;
  label: string;
  description: string;
  icon: Icon;
  go: () => void;
  /** Its place among all the entries, which Spotlight's arrows count in. */
  position: number;
}

interface EntryGroup {
  label: string;
  entries: Omit<Entry, 'position'>[];
}

const matches = (text: string, query: string) => text.toLowerCase().includes(query.trim().toLowerCase());

/**
 * The command palette (Ctrl+K or Cmd+K, or the header's search button): the pages the role may
 * open and the actions it may take, both from the navigation table, and the workspace's objects
 * found by name or id as the user types. Arrows move, Enter opens, Escape closes.
 */
export default function CommandPalette({ role }: { role: Role }) {
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  // The entry Enter opens, by key, so that it stays chosen while a search adds entries after it;
  // none (or one no longer listed) means the first, the best match.
  const [chosenKey, setChosenKey] = useState<string | null>(null);
  const { found, searching } = usePaletteSearch(query, role);
  // The reader's own saved views of the audit log, opened by id like from the explorer's list.
  const savedViews = useQuery({ ...explorerQueries.views(), enabled: mayPerform(role, 'listAuditViews') });

  const groups: EntryGroup[] = [
    {
      label: 'Pages',
      entries: sectionsFor(role)
        .flatMap((section) => section.items.map((item) => ({ item, section: section.label })))
        .filter(({ item, section }) => matches(item.label, query) || (section !== null && matches(section, query)))
        .map(({ item, section }) => ({
          key: `page:${item.path}`,
          label: item.label,
          description: section ? `Page · ${section}` : 'Page',
          icon: item.icon,
          go: () => void navigate(item.path),
        })),
    },
    {
      label: 'Actions',
      entries: actionsFor(role)
        .filter((action) => matches(action.label, query))
        .map((action) => ({
          key: `action:${action.operation}`,
          label: action.label,
          description: 'Action',
          icon: action.icon,
          go: () => void navigate(action.path, action.dialog ? { state: requestAction(action.operation) } : undefined),
        })),
    },
    {
      label: 'Saved views',
      entries: (savedViews.data ?? [])
        .filter((view) => matches(view.name, query))
        .map((view) => ({
          key: `saved-view:${view.id}`,
          label: view.name,
          description: 'Saved view · Audit log',
          icon: IconHistory,
          go: () => void navigate(savedViewPath(view.id)),
        })),
    },
    {
      label: 'Found in the workspace',
      entries: found.map((object: Found) => ({ ...object, go: () => void navigate(object.path) })),
    },
  ].filter((group) => group.entries.length > 0);
  const offsets = groups.map((_, at) => groups.slice(0, at).reduce((count, group) => count + group.entries.length, 0));
  const placed = groups.map((group, at) => ({
    ...group,
    entries: group.entries.map((entry, within): Entry => ({ ...entry, position: offsets[at]! + within })),
  }));
  const entries = placed.flatMap((group) => group.entries);

  const selected =
    entries.length === 0
      ? -1
      : Math.max(
          0,
          entries.findIndex((entry) => entry.key === chosenKey),
        );

  useEffect(() => {
    document.getElementById(optionId(selected))?.scrollIntoView({ block: 'nearest' });
  }, [selected]);

  const type = (text: string) => {
    setQuery(text);
    setChosenKey(null);
  };

  // The keyboard is the palette's own rather than Spotlight's search field's: that one keeps the
  // choice in the page's markup, where neither a search that answers later nor a screen reader's
  // aria-activedescendant can follow it.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing || entries.length === 0) return;
    const move = { ArrowDown: 1, ArrowUp: -1 }[event.key];
    if (move !== undefined) {
      event.preventDefault();
      setChosenKey(entries[(selected + move + entries.length) % entries.length]!.key);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      entries[selected]?.go();
      palette.close();
    }
  };

  return (
    <Spotlight.Root
      store={paletteStore}
      query={query}
      onQueryChange={type}
      shortcut={null}
      scrollable
      maxHeight={440}
      title="Command palette"
      classNames={{ header: classes.header }}
    >
      <Input
        size="lg"
        classNames={{ input: Spotlight.classes.search }}
        value={query}
        onChange={(event) => type(event.currentTarget.value)}
        onKeyDown={onKeyDown}
        placeholder="A page, an action, a name or an id"
        leftSection={<IconSearch size={18} aria-hidden />}
        rightSection={searching ? <Loader size="xs" aria-hidden /> : null}
        aria-label="Search pages, actions and the workspace"
        role="combobox"
        aria-expanded
        aria-controls={LIST_ID}
        aria-autocomplete="list"
        aria-activedescendant={selected >= 0 ? optionId(selected) : undefined}
        data-autofocus
      />
      <ActionsList viewportProps={{ id: LIST_ID, role: 'listbox', 'aria-label': 'Pages, actions and what was found' }}>
        {placed.map((group) => (
          <Spotlight.ActionsGroup key={group.label} label={group.label} role="group" aria-label={group.label}>
            {group.entries.map((entry) => (
              <Spotlight.Action
                key={entry.key}
                className={classes.action}
                // Spotlight.Action keeps `id` to itself; the search's aria-activedescendant names the option by it.
                ref={(option) => option?.setAttribute('id', optionId(entry.position))}
                role="option"
                aria-selected={entry.position === selected}
                data-selected={entry.position === selected || undefined}
                label={entry.label}
                description={entry.description}
                leftSection={<entry.icon size={20} aria-hidden />}
                onClick={entry.go}
              />
            ))}
          </Spotlight.ActionsGroup>
        ))}
        {entries.length === 0 && <Spotlight.Empty>{searching ? 'Searching…' : 'Nothing found'}</Spotlight.Empty>}
      </ActionsList>
      <Spotlight.Footer>
        <Group gap="md" justify="space-between">
          <Text size="xs" c="dimmed">
            <Kbd size="xs">↑</Kbd> <Kbd size="xs">↓</Kbd> to choose, <Kbd size="xs">Enter</Kbd> to open, <Kbd size="xs">Esc</Kbd> to close
          </Text>
          <Text size="xs" c="dimmed" role="status">
            {searching ? 'Searching the workspace…' : `${entries.length} ${entries.length === 1 ? 'result' : 'results'}`}
          </Text>
        </Group>
      </Spotlight.Footer>
    </Spotlight.Root>
  );
}
