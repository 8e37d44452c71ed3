import { Box, NavLink, Stack, Text } from '@mantine/core';
import { lazy, Suspense, useId } from 'react';
import { NavLink as RouterNavLink, useMatch } from 'react-router';
import type { Role } from '../../../contract/roles';
import { type NavItem, type NavSection, sectionsFor } from '../navigation';

// Lazy, so the admin area's code is fetched only for roles that see the Approvals link.
const PendingApprovalsBadge = lazy(() => import('../../features/admin/pending-approvals-badge'));

function NavItemLink({ item, onNavigate }: { item: NavItem; onNavigate: () => void }) {
  // Home ("/") is the start of every path: only "/" itself is home.
  const end = item.path === '/';
  const active = useMatch({ path: item.path, end }) !== null;
  const countId = useId();
  const Icon = item.icon;
  const withCount = item.operation === 'listApprovalRequests';
  return (
    <NavLink
      component={RouterNavLink}
      to={item.path}
      end={end}
      label={item.label}
      leftSection={<Icon size={18} stroke={1.6} aria-hidden />}
      active={active}
      rightSection={
        withCount && (
          <Suspense fallback={<span id={countId} hidden />}>
            <PendingApprovalsBadge descriptionId={countId} />
          </Suspense>
        )
      }
      aria-describedby={withCount ? countId : undefined}
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
    // The browser's own scrolling, not Mantine's ScrollArea: that one reads the scroll position as it
    // mounts, which forces the console's first layout in the middle of React's work.
    <Box p="xs" style={{ flex: 1, minHeight: 0, overflowY: 'auto', scrollbarWidth: 'thin' }}>
      <Stack gap={0}>
        {sectionsFor(role).map((section) => (
          <Section key={section.label ?? section.items[0]?.path} section={section} onNavigate={onNavigate} />
        ))}
      </Stack>
    </Box>
  );
}
