import { Anchor, Box, Burger, Button, Group, Stack, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { SessionUser } from '../../../contract/auth';
import { ROLE_LABELS } from '../../../contract/role-labels';
import { PRODUCT_NAME } from '../../components/page';
import { session } from '../../lib/session';
import { AccountMenu } from './account-menu';
import { ColorSchemeToggle } from './color-scheme-toggle';
import { PaletteLauncher } from '../palette/palette-launcher';
import { HelpMenu } from './help-menu';
import { LiveIndicator } from './live-indicator';

interface AppHeaderProps {
  user: SessionUser;
  navOpened: boolean;
  onToggleNav: () => void;
}

export function AppHeader({ user, navOpened, onToggleNav }: AppHeaderProps) {
  // Signing out ends the session, and the shell then leaves for the sign-in page by itself. After a
  // failure the refresh cookie may still be valid, so the user stays signed in and is told.
  const signOut = useMutation({ mutationFn: () => session.signOut(), meta: { errorTitle: 'Sign-out failed' } });

  return (
    // Narrower margins on a phone, so the product name fits on one line beside the header's buttons at 390 px.
    <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={navOpened}
          onClick={onToggleNav}
          hiddenFrom="sm"
          size="sm"
          aria-label={navOpened ? 'Close navigation' : 'Open navigation'}
          aria-controls="app-navigation"
          aria-expanded={navOpened}
        />
        <Anchor component={Link} to="/" fw={700} size="lg" underline="never" c="inherit" style={{ whiteSpace: 'nowrap' }}>
          {PRODUCT_NAME}
        </Anchor>
      </Group>
      <Group gap="sm" wrap="nowrap">
        <PaletteLauncher role={user.role} />
        <Stack gap={0} align="flex-end" visibleFrom="xs">
          <Text size="sm" fw={500} data-testid="signed-in-user">
            {user.name}
          </Text>
          <Text size="xs" c="dimmed" data-testid="signed-in-role">
            {ROLE_LABELS[user.role]} · {user.workspaceName}
          </Text>
        </Stack>
        <LiveIndicator />
        <HelpMenu />
        <AccountMenu user={user} />
        <ColorSchemeToggle />
        {/* On a phone the word is hidden (the button keeps its name): it does not fit beside the header's icons. */}
        <Button
          variant="default"
          px={{ base: 'xs', xs: 'md' }}
          aria-label="Sign out"
          leftSection={<IconLogout size={16} aria-hidden />}
          loading={signOut.isPending}
          onClick={() => signOut.mutate()}
        >
          <Box component="span" visibleFrom="xs">
            Sign out
          </Box>
        </Button>
      </Group>
    </Group>
  );
}
