import '@mantine/notifications/styles.css';
import { Anchor, AppShell, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { connectLive } from '../../lib/live';
import { session } from '../../lib/session';
import { useSessionState } from '../../lib/use-session-state';
import { queryClient } from '../app-query-client';
import { signInPathFrom } from '../auth/return-path';
import { AppHeader } from './app-header';
import { AppNavbar } from './app-navbar';
import classes from './skip-link.module.css';

// The query cache and the notifications serve the signed-in console only, so they come with the
// shell's chunk rather than with the sign-in page; the page routes' loaders reach the cache here.
export { queryClient };

// The toasts' container (the toast, its transitions) draws nothing until a toast is raised, so it is
// fetched beside the page rather than before it: a toast raised earlier waits in the notifications
// store and shows as the container mounts.
const Notifications = lazy(async () => ({ default: (await import('./toasts')).Notifications }));

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
      <Suspense fallback={null}>
        <Notifications position="bottom-right" />
      </Suspense>
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
