import { lazy, Suspense } from 'react';
import { createBrowserRouter, redirect, type RouteObject } from 'react-router';
import { mayPerform } from '../../contract/operations';
import { FullPageLoader } from '../components/full-page-loader';
import { NoAccessView } from '../components/no-access-view';
import { session } from '../lib/session';
import { returnPath, signInPathFrom } from './auth/return-path';
import { useSignedInUser } from './auth/use-session';
import { NAV_ITEMS, type NavItem } from './navigation';

// Error views are fetched when one is shown: the error view's copyable request id brings the
// tooltip and its positioning library, more JavaScript than the sign-in form.
const errorView = (name: 'AppErrorBoundary' | 'NotFoundPage' | 'RouteErrorBoundary') => lazy(async () => ({ default: (await import('./route-errors'))[name] }));
const AppErrorBoundary = errorView('AppErrorBoundary');
const NotFoundPage = errorView('NotFoundPage');
const RouteErrorBoundary = errorView('RouteErrorBoundary');

function AreaPage({ item }: { item: NavItem }) {
  const user = useSignedInUser();
  // Checked before the page's chunk is fetched, so a forbidden page is never loaded at all.
  if (!mayPerform(user.role, item.operation)) return <NoAccessView page={item.label} role={user.role} />;
  const Page = item.page;
  return <Page />;
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    // Restoring the session from the refresh cookie up here gives the whole console one loader
    // while it happens, and sends an unreachable service to the app-level error view.
    loader: async () => {
      await session.restore();
      return null;
    },
    HydrateFallback: () => <FullPageLoader label="Loading the console" />,
    errorElement: (
      <Suspense fallback={<FullPageLoader label="Loading the console" />}>
        <AppErrorBoundary />
      </Suspense>
    ),
    children: [
      {
        path: 'sign-in',
        loader: async ({ request }) => {
          const user = await session.restore();
          if (user) throw redirect(returnPath(new URL(request.url).searchParams.get('from')));
          return null;
        },
        lazy: async () => ({ Component: (await import('./auth/sign-in-page')).SignInPage }),
      },
      {
        loader: async ({ request }) => {
          if (!(await session.restore())) throw redirect(signInPathFrom(new URL(request.url)));
          return null;
        },
        // The shell (header, navbar, their icons and menus) is a chunk of its own, which the
        // sign-in page never loads; it is fetched while the session is restored.
        lazy: { Component: async () => (await import('./layout/app-layout')).AppLayout },
        children: [
          {
            errorElement: <RouteErrorBoundary />,
            children: [
              ...NAV_ITEMS.map((item) => ({
                path: item.path,
                // The page's chunk is fetched as soon as the user is known, beside the shell's,
                // rather than once the shell has drawn: one round trip less before its data is asked for.
                loader: async () => {
                  const user = await session.restore();
                  // A failed fetch is reported where the page renders, which imports it again.
                  if (user && mayPerform(user.role, item.operation)) item.page.preload().catch(() => {});
                  return null;
                },
                element: <AreaPage item={item} />,
              })),
              { path: '*', Component: NotFoundPage },
            ],
          },
        ],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
