import '@mantine/notifications/styles.css';
import { Anchor, AppShell, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { connectLive } from '../../lib/live';
import { session } from '../../lib/session';
import { signInPathFrom } from '../auth/return-path';
import { useSessionState } from '../../lib/use-session-state';
import { createQueryClient } from '../query-client';
import { AppHeader } from './app-header';
import { AppNavbar } from './app-navbar';
import classes from './skip-link.module.css';

// The query cache and the notifications serve the signed-in console only, so they come with the
// shell's chunk rather than with the sign-in page.
const queryClient = createQueryClient();
// Whatever one user loaded must not be shown to whoever signs in next on this tab.
session.subscribe(() => {
  if (session.getSnapshot().status !== 'signed-in') queryClient.clear();
});

function PageSkeleton() {
  return (
    <Stack gap="md" role="status">
      <VisuallyHidden>Loading the page…</VisuallyHidden>
      <Skeleton height={32} width="40%" />
      <Skeleton height={16} width="70%" />
      <Skeleton height={160} />
    </Stack>
  );
}

/**
 * The signed-in console. Whenever the session ends (sign-out, or a 401 nothing could repair), it
 * sends the user to sign in.
 */
export function AppLayout() {
  const state = useSessionState();
  const location = useLocation();
  const [navOpened, { toggle: toggleNav, close: closeNav }] = useDisclosure(false);
  const signedIn = state.status === 'signed-in';
  // One live stream for the signed-in tab: its notices refresh the queries of what changed.
  useEffect(() => (signedIn ? connectLive(session, queryClient) : undefined), [signedIn]);

  if (state.status !== 'signed-in') {
    // After an expiry, come back to the same page; after a deliberate sign-out, start afresh.
    const expired = state.status === 'signed-out' && state.expired;
    return <Navigate to={expired ? signInPathFrom(location) : '/sign-in'} replace />;
  }

  return (
    <QueryClientProvider client={queryClient}>
      {/* At the bottom: at the top, toasts covered the header (the user menu, the page title). */}
      <Notifications position="bottom-right" />
      <AppShell header={{ height: 60 }} navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !navOpened } }} padding="lg">
        <Anchor href="#main-content" className={classes.skipLink}>
          Skip to content
        </Anchor>
        <AppShell.Header>
          <AppHeader user={state.user} navOpened={navOpened} onToggleNav={toggleNav} />
        </AppShell.Header>
        <AppShell.Navbar id="app-navigation" aria-label="Main navigation">
          <AppNavbar role={state.user.role} onNavigate={closeNav} />
        </AppShell.Navbar>
        <AppShell.Main id="main-content" tabIndex={-1}>
          <Suspense fallback={<PageSkeleton />}>
            <Outlet />
          </Suspense>
        </AppShell.Main>
      </AppShell>
    </QueryClientProvider>
  );
}
