import { SessionResponse, SessionUser, SignInRequest } from '../auth';
import { defineOperation, area } from './operation';

const tags = ['Console session (extension)'];

const session = area({ tags, roles: 'any' });

export const signIn = defineOperation({
  id: 'signIn',
  method: 'post',
  path: '/v1/auth/sign_in',
  tags,
  summary: 'Sign in to the console with email and password',
  description:
    'Returns a short-lived access token (keep it in memory) and sets an httpOnly, SameSite=Strict refresh cookie. Repeated failures for one account or address are slowed down (429 with Retry-After).',
  public: true,
  body: SignInRequest,
  responses: { 200: { description: 'Signed in', schema: SessionResponse } },
  errors: [400, 401, 413, 415, 429, 500],
});

export const refreshSession = defineOperation({
  id: 'refreshSession',
  method: 'post',
  path: '/v1/auth/refresh',
  tags,
  summary: 'Exchange the refresh cookie for a new access token',
  description: 'The refresh cookie is rotated on every use; a cookie presented twice revokes that sign-in.',
  public: true,
  responses: {
    200: { description: 'A new access token', schema: SessionResponse },
    204: { description: 'No session to restore: the request carried no refresh cookie (nobody is signed in in this browser)' },
  },
  // 400: a request whose path or query holds text the database cannot store is refused first.
  errors: [400, 401, 403, 500],
});

export const signOut = defineOperation({
  id: 'signOut',
  method: 'post',
  path: '/v1/auth/sign_out',
  tags,
  summary: 'Sign out: revoke the refresh cookie',
  public: true,
  responses: { 204: { description: 'Signed out' } },
  errors: [400, 403, 500],
});

// Console session (extension): always allowed to the signed-in principal
export const getSession = session.get('getSession', '/v1/auth/session', 'Who is calling', { 200: ['The signed-in principal', SessionUser] });
