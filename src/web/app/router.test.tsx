import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, noSession, sessionFor } from '../test/service';

/** Boots the real routes against a fake service; the session is module state, so each test gets a fresh copy. */
async function boot(path: string, service: (path: string) => Response) {
  vi.resetModules();
  // The shell opens the live stream; these tests are about routes, so the stream is down (a 401 there would end the session).
  const fetch = vi.fn(async (input: RequestInfo | URL) =>
    String(input) === '/v1/events/stream' ? jsonResponse(503, { message: 'No live updates in this test', code: 503 }) : service(String(input)),
  );
  vi.stubGlobal('fetch', fetch);
  const { routes } = await import('./router');
  const { TestProviders } = await import('../test/render');
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { router, fetch };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('console routes', () => {
  it('sends a visitor without a session to sign in, remembering where they were going', async () => {
    const { router } = await boot('/admin/api-users', noSession);

    expect(await screen.findByRole('heading', { name: 'Sign in to Asset Ops' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(router.state.location.search).toBe('?from=%2Fadmin%2Fapi-users');
  });

  it('restores the session from the refresh cookie and opens the home page', async () => {
    const { router } = await boot('/', (path) => {
      if (path === '/v1/auth/refresh') return jsonResponse(200, sessionFor('VIEWER'));
      // The home loads its summary and the recent transfers; a 401 there would end the session mid-test.
      if (path === '/v1/console/home') {
        return jsonResponse(200, { approvals: null, travelRule: { pending: 0 }, webhooks: null, transactions: null, trading: null, balances: null });
      }
      if (path.startsWith('/v1/transactions?')) return jsonResponse(200, []);
      return noSession();
    });

    // The shell and the page are lazy chunks, each transformed on first import in a test run.
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' }, { timeout: 15_000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByText('Pat Person')).toBeInTheDocument();
    expect(screen.getByText(/Viewer · Demo/)).toBeInTheDocument();
  });

  it('tells an auditor who opens API users that they have no access, without calling the service', async () => {
    const { fetch } = await boot('/admin/api-users', (path) => {
      if (path === '/v1/auth/refresh') return jsonResponse(200, sessionFor('AUDITOR'));
      // The navbar counts the approvals waiting; a 401 there would end the session mid-test.
      if (path.startsWith('/v1/approval_requests')) return jsonResponse(200, { data: [], next: null, pendingCount: 0 });
      return noSession();
    });

    expect(await screen.findByText("You don't have access")).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'API users' })).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalledWith('/v1/management/api_users', expect.anything());
  });

  it('sends the user back to sign in when a call fails with 401 and the session cannot be refreshed', async () => {
    let refreshes = 0;
    const { router } = await boot('/admin/api-users', (path) => {
      if (path === '/v1/auth/refresh') return ++refreshes === 1 ? jsonResponse(200, sessionFor('ADMIN')) : noSession();
      return jsonResponse(401, { message: 'Token expired', code: 401 });
    });

    expect(await screen.findByText('Your session has ended')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(router.state.location.search).toBe('?from=%2Fadmin%2Fapi-users');
    expect(refreshes).toBe(2);
  });

  it('signs out and lands on the sign-in page', async () => {
    const user = userEvent.setup();
    const { router, fetch } = await boot('/catalogue/assets', (path) =>
      path === '/v1/auth/sign_out' ? new Response(null, { status: 204 }) : jsonResponse(200, sessionFor('VIEWER')),
    );

    await user.click(await screen.findByRole('button', { name: 'Sign out' }));

    expect(await screen.findByRole('heading', { name: 'Sign in to Asset Ops' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(router.state.location.search).toBe('');
    expect(fetch).toHaveBeenCalledWith('/v1/auth/sign_out', expect.objectContaining({ method: 'POST' }));
  });
});
