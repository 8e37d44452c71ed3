import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createEvent, fireEvent, render, screen } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { createMemoryRouter, type LoaderFunctionArgs, MemoryRouter, Route, RouterProvider, Routes, useLocation } from 'react-router';
import { PageErrorBoundary } from '../app/route-errors';
import { theme } from '../app/theme';
import { pageAt } from './page-at';

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
 * A page at `path` as its route serves it: a data router with the page route's loader and error
 * boundary (app/router.tsx). The first render skips the loader, so a test sees the page's own
 * loading view while it fetches its first query through `useSuspenseQuery`; a retry runs the loader.
 */
export function renderPage(ui: ReactNode, path: string) {
  const queryClient = createTestQueryClient();
  const page = pageAt(new URL(path, 'http://console.test').pathname);
  const router = createMemoryRouter(
    [
      {
        id: 'page',
        // The page's own path, so that its parameters reach the loader and the page (useParams).
        path: page?.path ?? '*',
        // What the route's error boundary names the page by, as app/router.tsx gives it.
        handle: page,
        element: ui,
        loader: async ({ request, params }: LoaderFunctionArgs) => {
          const { pageData } = page ? await page.page.preload() : {};
          await pageData?.load({ queryClient, params, search: new URL(request.url).searchParams });
          return null;
        },
        errorElement: <PageErrorBoundary />,
      },
    ],
    { initialEntries: [path], hydrationData: { loaderData: { page: null } } },
  );
  return render(
    <TestProviders client={queryClient}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
}

export function renderAt(ui: ReactNode, path = '/') {
  return render(
    <TestProviders>
      <MemoryRouter initialEntries={[path]}>{ui}</MemoryRouter>
    </TestProviders>,
  );
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
  const view = renderAt(
    <>
      <Routes>
        {Object.entries(routes).map(([routePath, page]) => (
          <Route key={routePath} path={routePath} element={page} />
        ))}
      </Routes>
      <CurrentAddress />
    </>,
    path,
  );
  return { ...view, address: () => screen.getByTestId('address').textContent ?? '' };
}

/** What a copy event fired at `element` puts on the clipboard as text, if its handler puts anything. */
export function copied(element: HTMLElement): string | undefined {
  const event = createEvent.copy(element);
  const clipboard = new Map<string, string>();
  Object.defineProperty(event, 'clipboardData', { value: { setData: (type: string, value: string) => clipboard.set(type, value) } });
  fireEvent(element, event);
  return clipboard.get('text/plain');
}
