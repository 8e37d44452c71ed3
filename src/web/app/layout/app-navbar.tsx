import { NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { NavLink as RouterNavLink, useMatch } from 'react-router';
import type { Role } from '../../../contract/roles';
import { type NavItem, type NavSection, sectionsFor } from '../navigation';

function NavItemLink({ item, onNavigate }: { item: NavItem; onNavigate: () => void }) {
  const active = useMatch({ path: item.path, end: false }) !== null;
  const Icon = item.icon;
  return (
    <NavLink
      component={RouterNavLink}
      to={item.path}
      label={item.label}
      leftSection={<Icon size={18} stroke={1.6} aria-hidden />}
      active={active}
      // The light variant's hover state falls just short of WCAG AA contrast for the active link.
      variant="filled"
      onClick={onNavigate}
    />
  );
}

function Section({ section, onNavigate }: { section: NavSection; onNavigate: () => void }) {
  const labelId = useId();
  const links = section.items.map((item) => <NavItemLink key={item.path} item={item} onNavigate={onNavigate} />);
  if (!section.label) return links;
  return (
    <div role="group" aria-labelledby={labelId}>
      <Text id={labelId} size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" pt="sm" pb={4}>
        {section.label}
      </Text>
      {links}
    </div>
  );
}

/** The pages the role may open, grouped by area; `onNavigate` closes the drawer on small screens. */
export function AppNavbar({ role, onNavigate }: { role: Role; onNavigate: () => void }) {
  return (
    <ScrollArea type="scroll" p="xs">
      <Stack gap={0}>
        {sectionsFor(role).map((section) => (
          <Section key={section.label ?? section.items[0]?.path} section={section} onNavigate={onNavigate} />
        ))}
      </Stack>
    </ScrollArea>
  );
}
