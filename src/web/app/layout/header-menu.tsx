import { ActionIcon, Menu } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** A menu of the header: an icon button named `label`, its items dropping down below, aligned to its right edge. */
export function HeaderMenu({ label, icon: MenuIcon, children }: { label: string; icon: Icon; children: ReactNode }) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="default" size="lg" aria-label={label} title={label}>
          <MenuIcon size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}
