import { render, screen, within } from '@testing-library/react';
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
  render(<RouterProvider router={router} />, { wrapper: TestProviders });
  return { router, fetch };
}

/** What the shell's cache holds under `key` when the router commits the first page, before React draws it. */
async function cachedWhenDrawn(router: Awaited<ReturnType<typeof boot>>['router'], key: readonly unknown[]) {
  // The same module instance as the routes' (boot reset the registry before importing them).
  const { queryClient } = await import('./app-query-client');
  return new Promise<unknown>((resolve) => {
    // The router commits the page (and React draws it) once every loader of the address has run.
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve(queryClient.getQueryData(key));
    });
  });
}

const QUORUM = {
  adminQuorumThreshold: 2,
  admins: [{ id: 'a1', name: 'Olivia Owner', email: 'owner@demo.test', role: 'OWNER' }],
  pendingRequestId: null,
};

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
    expect(await screen.findByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
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

  it("prefetches a page's first query in its route's loader: the page draws with its data, asked for once", async () => {
    const { router, fetch } = await boot('/admin/quorum', (path) => {
      if (path === '/v1/auth/refresh') return jsonResponse(200, sessionFor('ADMIN'));
      if (path === '/v1/admin_quorum') return jsonResponse(200, QUORUM);
      if (path.startsWith('/v1/approval_requests')) return jsonResponse(200, { data: [], next: null, pendingCount: 0 });
      return noSession();
    });
    expect(await cachedWhenDrawn(router, ['admin', 'quorum', 'state'])).toEqual(QUORUM);
    expect(await screen.findByTestId('current-threshold')).toHaveTextContent('2');
    expect(screen.queryByText('Loading the quorum…')).not.toBeInTheDocument();
    expect(fetch.mock.calls.filter(([input]) => String(input) === '/v1/admin_quorum')).toHaveLength(1);
  });

  it('prefetches the list the address asks for: the filters in the URL are the ones the page renders', async () => {
    const { router, fetch } = await boot('/catalogue/blockchains?protocol=EVM&test=true', (path) => {
      if (path === '/v1/auth/refresh') return jsonResponse(200, sessionFor('VIEWER'));
      if (path.startsWith('/v1/blockchains?')) return jsonResponse(200, { data: [], next: null });
      return noSession();
    });
    expect(await cachedWhenDrawn(router, ['blockchains', 'list', { protocol: 'EVM', test: true }])).toEqual([]);
    expect(await screen.findByText('No blockchains match these filters')).toBeInTheDocument();
    expect(fetch.mock.calls.filter(([input]) => String(input).startsWith('/v1/blockchains?protocol=EVM&test=true&'))).toHaveLength(1);
  });

  it("shows a page whose first query failed in the route's error boundary, whose retry asks again", async () => {
    let quorumCalls = 0;
    const user = userEvent.setup();
    const { fetch } = await boot('/admin/quorum', (path) => {
      if (path === '/v1/auth/refresh') return jsonResponse(200, sessionFor('ADMIN'));
      if (path === '/v1/admin_quorum') {
        // A 4xx, which the console does not retry on its own: the one failure is the page's.
        return ++quorumCalls === 1 ? jsonResponse(404, { message: 'No quorum is set up yet', code: 404 }, 'req-quorum') : jsonResponse(200, QUORUM);
      }
      if (path.startsWith('/v1/approval_requests')) return jsonResponse(200, { data: [], next: null, pendingCount: 0 });
      return noSession();
    });

    const alert = await screen.findByRole('alert');
    expect(screen.getByRole('heading', { level: 1, name: 'Quorum' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('The quorum could not be loaded');
    expect(alert).toHaveTextContent('No quorum is set up yet');
    expect(alert).toHaveTextContent('req-quorum');

    await user.click(within(alert).getByRole('button', { name: 'Try again' }));

    expect(await screen.findByTestId('current-threshold')).toHaveTextContent('2');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(fetch.mock.calls.filter(([input]) => String(input) === '/v1/admin_quorum')).toHaveLength(2);
  });

  it("loads a detail page by its path's parameter; one the service does not have is said so, with the way back to its list", async () => {
    const { fetch } = await boot('/transactions/tx-missing', (path) => {
      if (path === '/v1/auth/refresh') return jsonResponse(200, sessionFor('VIEWER'));
      if (path === '/v1/transactions/tx-missing') return jsonResponse(404, { message: 'No transaction tx-missing', code: 404 });
      return noSession();
    });

    expect(await screen.findByText('No such transaction')).toBeInTheDocument();
    expect(screen.getByText('This workspace has no transaction tx-missing.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Transaction' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All transactions' })).toHaveAttribute('href', '/transactions');
    // Asked by the loader only: the page, which would ask again, never drew.
    expect(fetch.mock.calls.filter(([input]) => String(input) === '/v1/transactions/tx-missing')).toHaveLength(1);
  });

  it('prefetches an audit event with its context in its loader: the page draws with it, asked for once', async () => {
    const event = (id: string, at: number) => ({
      id,
      timestamp: at,
      createdAt: at,
      user: 'Ann Auditor',
      userId: 'u-auditor',
      category: 'Security',
      subject: 'Sign-in',
      event: 'Signed in',
      tenantId: 'ws-1',
      requestId: null,
      sourceAddress: null,
      detail: {},
      hash: 'h',
    });
    const context = { event: event('evt-2', 1_700_000_002_000), before: [event('evt-1', 1_700_000_001_000)], after: [] };
    const { router, fetch } = await boot('/audit/events/evt-2', (path) => {
      if (path === '/v1/auth/refresh') return jsonResponse(200, sessionFor('AUDITOR'));
      if (path.startsWith('/v1/management/audit_logs/evt-2/context')) return jsonResponse(200, context);
      if (path.startsWith('/v1/approval_requests')) return jsonResponse(200, { data: [], next: null, pendingCount: 0 });
      // The names of the people the page shows.
      if (path === '/v1/console/people') return jsonResponse(200, { people: [] });
      return noSession();
    });
    expect(await cachedWhenDrawn(router, ['audit', 'context', 'evt-2'])).toEqual(context);
    expect(await screen.findByRole('table', { name: 'Events around it' })).toBeInTheDocument();
    expect(screen.queryByText('Loading the event…')).not.toBeInTheDocument();
    expect(fetch.mock.calls.filter(([input]) => String(input).startsWith('/v1/management/audit_logs/evt-2/context'))).toHaveLength(1);
  });

  it("an audit event the service does not have is said so in the route's error boundary, with the way back to the log", async () => {
    const { fetch } = await boot('/audit/events/evt-missing', (path) => {
      if (path === '/v1/auth/refresh') return jsonResponse(200, sessionFor('AUDITOR'));
      if (path.startsWith('/v1/management/audit_logs/evt-missing/context')) return jsonResponse(404, { message: 'No audit event evt-missing', code: 404 });
      // The navbar's count of approvals waiting, which an auditor sees.
      if (path.startsWith('/v1/approval_requests')) return jsonResponse(200, { data: [], next: null, pendingCount: 0 });
      return noSession();
    });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The event could not be loaded');
    expect(alert).toHaveTextContent('No audit event evt-missing');
    expect(screen.getByRole('heading', { level: 1, name: 'Audit event' })).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Audit log' })).toHaveAttribute('href', '/audit');
    // Asked by the loader only: the page, which would ask again, never drew.
    expect(fetch.mock.calls.filter(([input]) => String(input).startsWith('/v1/management/audit_logs/evt-missing/context'))).toHaveLength(1);
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
