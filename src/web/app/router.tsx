import { lazy, Suspense } from 'react';
import { createBrowserRouter, type LoaderFunctionArgs, redirect, type RouteObject } from 'react-router';
import { mayPerform } from '../../contract/operations';
import { FullPageLoader } from '../components/full-page-loader';
import { NoAccessView } from '../components/no-access-view';
import { session } from '../lib/session';
import { returnPath, signInPathFrom } from './auth/return-path';
import { useSignedInUser } from '../lib/use-session-state';
import { NAV_ITEMS, type NavItem } from './navigation';

// Error views are fetched when one is shown: the error view's copyable request id brings the
// tooltip and its positioning library, more JavaScript than the sign-in form.
const errorView = (name: 'AppErrorBoundary' | 'NotFoundPage' | 'PageErrorBoundary' | 'RouteErrorBoundary') =>
  lazy(async () => ({ default: (await import('./route-errors'))[name] }));
const AppErrorBoundary = errorView('AppErrorBoundary');
const NotFoundPage = errorView('NotFoundPage');
const PageErrorBoundary = errorView('PageErrorBoundary');
const RouteErrorBoundary = errorView('RouteErrorBoundary');

// The signed-in console's query cache comes with the shell's chunk, which is fetched beside the page's
// (through the shell's module: a dynamic import of its own would split the entry's shared modules finer).
const appQueryClient = async () => (await import('./layout/app-layout')).queryClient;

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
        lazy: async () => ({ Component: (await import('./auth/sign-in-route')).SignInRoute }),
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
                // The page's chunk is fetched as soon as the user is known, beside the shell's, then
                // its first query (lib/page-data.ts): the page draws once its data is in the cache.
                loader: async ({ request, params }: LoaderFunctionArgs) => {
                  const user = await session.restore();
                  // A role that may not read the page gets the no-access view: neither chunk nor data is fetched.
                  if (!user || !mayPerform(user.role, item.operation)) return null;
                  const [page, queryClient] = await Promise.all([item.page.preload(), appQueryClient()]);
                  await page.pageData?.load({ queryClient, params, search: new URL(request.url).searchParams });
                  return null;
                },
                element: <AreaPage item={item} />,
                // The page's error boundary names the page by it.
                handle: item,
                errorElement: <PageErrorBoundary />,
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
