import { type APIRequestContext, expect } from '@playwright/test';
import { SessionResponse } from '../src/contract/auth';
import { DEMO_PASSWORD } from './demo';

/**
 * A demo person's session of the service's own, outside the browser, as the headers that carry it.
 * Pass a request context of its own (the `request` fixture), never a page's: signing in sets the
 * refresh cookie, which must stay out of the page.
 */
export async function apiSession(request: APIRequestContext, email: string) {
  const res = await request.post('/v1/auth/sign_in', { data: { email, password: DEMO_PASSWORD } });
  expect(res.status(), `sign-in of ${email}`).toBe(200);
  return { Authorization: `Bearer ${SessionResponse.parse(await res.json()).accessToken}` };
}
