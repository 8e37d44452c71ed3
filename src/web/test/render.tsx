import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { createMemoryRouter, type LoaderFunctionArgs, type RouteObject, RouterProvider, useLocation } from 'react-router';
import { pageAt } from '../app/navigation';
import { PageErrorBoundary } from '../app/route-errors';
import { theme } from '../app/theme';

const createTestQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

/** Providers as in the app, minus what tests must not have: retries, transitions and portals. */
export function TestProviders({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createTestQueryClient());
  return (
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

/**
 * A data router over `routes`, each with the loader and the error boundary of a page route
 * (app/router.tsx). The first render skips the loader, so a test sees the page's own loading view
 * while it fetches its first query through `useSuspenseQuery`; a retry runs the loader.
 */
function renderRouter(routes: RouteObject[], path: string) {
  const queryClient = createTestQueryClient();
  const router = createMemoryRouter(
    routes.map((route, index) => ({
      ...route,
      id: String(index),
      loader: async ({ request, params }: LoaderFunctionArgs) => {
        const page = pageAt(new URL(request.url).pathname);
        const pageData = page && (await page.page.preload()).pageData;
        await pageData?.load({ queryClient, params, search: new URL(request.url).searchParams });
        return null;
      },
      errorElement: <PageErrorBoundary />,
    })),
    { initialEntries: [path], hydrationData: { loaderData: Object.fromEntries(routes.map((_route, index) => [String(index), null])) } },
  );
  return render(
    <TestProviders client={queryClient}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
}

/** `ui` at `path`; a page's failure is named as on its route when `path` is the page's. */
export function renderAt(ui: ReactNode, path = '/') {
  return renderRouter([{ path: '*', element: ui }], path);
}

/** What the address bar would show: the path and its query. */
function CurrentAddress() {
  const { pathname, search } = useLocation();
  return <output data-testid="address">{`${pathname}${search}`}</output>;
}

/**
 * Pages as the router serves them (`routes`: each route's path and its page, as in
 * app/navigation.ts), opened at `path`. `address()` reads what the address bar would show.
 */
export function renderRoutes(routes: Record<string, ReactNode>, path: string) {
  const view = renderRouter(
    Object.entries(routes).map(([routePath, page]) => ({
      path: routePath,
      element: (
        <>
          {page}
          <CurrentAddress />
        </>
      ),
    })),
    path,
  );
  return { ...view, address: () => screen.getByTestId('address').textContent ?? '' };
}
