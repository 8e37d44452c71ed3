import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { theme } from '../app/theme';

/** Providers as in the app, minus what tests must not have: retries, transitions and portals. */
export function TestProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  return (
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
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
