import { createBrowserRouter, Navigate, redirect, type RouteObject } from 'react-router';
import { mayPerform } from '../../contract/operations';
import { FullPageLoader } from '../components/full-page-loader';
import { NoAccessView } from '../components/no-access-view';
import { session } from '../lib/session';
import { returnPath, signInPathFrom } from './auth/return-path';
import { useSignedInUser } from './auth/use-session';
import { AppLayout } from './layout/app-layout';
import { NAV_ITEMS, type NavItem, startPathFor } from './navigation';
import { AppErrorBoundary, NotFoundPage, RouteErrorBoundary } from './route-errors';

function AreaPage({ item }: { item: NavItem }) {
  const user = useSignedInUser();
  // Checked before the page's chunk is fetched, so a forbidden page is never loaded at all.
  if (!mayPerform(user.role, item.operation)) return <NoAccessView page={item.label} role={user.role} />;
  const Page = item.page;
  return <Page />;
}

function StartPage() {
  const user = useSignedInUser();
  return <Navigate to={startPathFor(user.role)} replace />;
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
    errorElement: <AppErrorBoundary />,
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
        Component: AppLayout,
        children: [
          {
            errorElement: <RouteErrorBoundary />,
            children: [
              { index: true, Component: StartPage },
              ...NAV_ITEMS.map((item) => ({ path: item.path, element: <AreaPage item={item} /> })),
              { path: '*', Component: NotFoundPage },
            ],
          },
        ],
      },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
