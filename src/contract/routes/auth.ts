import { createRoute } from '@hono/zod-openapi';
import { SessionResponse, SessionUser, SignInRequest } from '../auth';
import { errorResponses, GUARDED } from './responses';
import { SECURITY } from './common';
import { idempotencyHeaders, operation } from './operation';

const tags = ['Console session (extension)'];

export const signIn = createRoute({
  method: 'post',
  path: '/v1/auth/sign_in',
  operationId: 'signIn',
  tags,
  summary: 'Sign in to the console with email and password',
  description:
    'Returns a short-lived access token (keep it in memory) and sets an httpOnly, SameSite=Strict refresh cookie. Repeated failures for one account or address are slowed down (429 with Retry-After).',
  request: { body: { required: true, content: { 'application/json': { schema: SignInRequest } } } },
  responses: {
    200: { description: 'Signed in', content: { 'application/json': { schema: SessionResponse } } },
    ...errorResponses(400, 401, 413, 415, 429, 500),
  },
});

export const refreshSession = createRoute({
  method: 'post',
  path: '/v1/auth/refresh',
  operationId: 'refreshSession',
  tags,
  summary: 'Exchange the refresh cookie for a new access token',
  description: 'The refresh cookie is rotated on every use; a cookie presented twice revokes that sign-in.',
  responses: {
    200: { description: 'A new access token', content: { 'application/json': { schema: SessionResponse } } },
    204: { description: 'No session to restore: the request carried no refresh cookie (nobody is signed in in this browser)' },
    // 400: a request whose path or query holds text the database cannot store is refused first.
    ...errorResponses(400, 401, 403, 500),
  },
});

export const signOut = createRoute({
  method: 'post',
  path: '/v1/auth/sign_out',
  operationId: 'signOut',
  tags,
  summary: 'Sign out: revoke the refresh cookie',
  responses: { 204: { description: 'Signed out' }, ...errorResponses(400, 403, 500) },
});

export const getSession = createRoute({
  method: 'get',
  path: '/v1/auth/session',
  tags,
  summary: 'Who is calling',
  ...operation('getSession'),
  security: SECURITY,
  request: { ...idempotencyHeaders('getSession') },
  responses: {
    200: { description: 'The signed-in principal', content: { 'application/json': { schema: SessionUser } } },
    ...errorResponses(...GUARDED),
  },
});
