import { Menu } from '@mantine/core';
import { IconKey, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { SessionUser } from '../../../contract/auth';
import { ROLE_LABELS } from '../../../contract/role-labels';
import { HeaderMenu } from './header-menu';

/** What concerns the signed-in person rather than the workspace: for now their passkeys, for every role. (Icons the shell has already: each new one is in every first screen.) */
export function AccountMenu({ user }: { user: SessionUser }) {
  return (
    <HeaderMenu label="Account" icon={IconUserCircle}>
      {/* The header hides the name on a narrow screen; the menu always says whose account it is. */}
      <Menu.Label>
        {user.name} · {ROLE_LABELS[user.role]}
      </Menu.Label>
      <Menu.Item component={Link} to="/security" leftSection={<IconKey size={16} aria-hidden />}>
        Security and passkeys
      </Menu.Item>
    </HeaderMenu>
  );
}
