import { describe, expect, it, vi } from 'vitest';
import { jsonResponse as json, noSession, sessionFor } from '../test/service';
import { createSession } from './session';

const { user } = sessionFor('ADMIN');

describe('createSession', () => {
  it('restores the user from the refresh cookie', async () => {
    const fetch = vi.fn(async () => json(200, sessionFor('ADMIN', 't1')));
    const session = createSession(fetch);

    await expect(session.restore()).resolves.toEqual(user);
    expect(fetch).toHaveBeenCalledWith('/v1/auth/refresh', expect.objectContaining({ method: 'POST', credentials: 'same-origin' }));
    expect(session.getSnapshot()).toMatchObject({ status: 'signed-in', accessToken: 't1' });
  });

  it('is signed out, not expired, when there is no cookie', async () => {
    const session = createSession(vi.fn(async () => noSession()));
    await expect(session.restore()).resolves.toBeNull();
    expect(session.getSnapshot()).toEqual({ status: 'signed-out', expired: false });
  });

  it('shares one refresh between requests that fail together, then marks an unrecoverable session expired', async () => {
    let refreshes = 0;
    const fetch = vi.fn(async (input: RequestInfo | URL) => {
      if (input === '/v1/auth/refresh') {
        refreshes += 1;
        return refreshes === 1 ? json(200, sessionFor('ADMIN', 't1')) : noSession();
      }
      return json(401, { message: 'Token expired', code: 401 });
    });
    const session = createSession(fetch);
    await session.restore();

    const calls = [session.api.send('/v1/a'), session.api.send('/v1/b')];
    await Promise.allSettled(calls);

    expect(refreshes).toBe(2);
    expect(session.getSnapshot()).toEqual({ status: 'signed-out', expired: true });
  });

  it('forgets the token on sign-out', async () => {
    const fetch = vi.fn(async (input: RequestInfo | URL) =>
      input === '/v1/auth/sign_out' ? new Response(null, { status: 204 }) : json(200, sessionFor('ADMIN', 't2')),
    );
    const session = createSession(fetch);
    await session.signIn({ email: 'admin@demo.test', password: 'pw' });
    expect(session.getSnapshot()).toMatchObject({ status: 'signed-in', accessToken: 't2' });

    await session.signOut();
    expect(session.getSnapshot()).toEqual({ status: 'signed-out', expired: false });
  });
});
