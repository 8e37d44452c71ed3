import { createRoute } from '@hono/zod-openapi';
import { ApiUser, ApiUserIdParam, ApiUsersResponse, SetApiUserEnabledRequest } from '../admin';
import { IdempotencyHeaders, SECURITY } from './common';
import { errorResponses, GUARDED, GUARDED_WRITE } from './responses';

export const listApiUsers = createRoute({
  method: 'get',
  path: '/v1/management/api_users',
  operationId: 'listApiUsers',
  tags: ['Administration'],
  summary: 'List API keys',
  description: 'Roles: Admin, Non-Signing Admin. Rate category: query.',
  security: SECURITY,
  responses: {
    200: { description: 'The API users of the workspace', content: { 'application/json': { schema: ApiUsersResponse } } },
    ...errorResponses(...GUARDED),
  },
});

export const getApiUser = createRoute({
  method: 'get',
  path: '/v1/management/api_users/{userId}',
  operationId: 'getApiUser',
  tags: ['Administration (extension)'],
  summary: 'Get one API user',
  security: SECURITY,
  request: { params: ApiUserIdParam },
  responses: {
    200: { description: 'The API user', content: { 'application/json': { schema: ApiUser } } },
    ...errorResponses(...GUARDED, 404),
  },
});

export const setApiUserEnabled = createRoute({
  method: 'put',
  path: '/v1/management/api_users/{userId}/enabled',
  operationId: 'setApiUserEnabled',
  tags: ['Administration (extension)'],
  summary: 'Disable or re-enable an API user',
  description: 'Takes effect on the API user’s next request. Roles: Owner, Admin, Non-Signing Admin.',
  security: SECURITY,
  request: {
    params: ApiUserIdParam,
    headers: IdempotencyHeaders,
    body: { required: true, content: { 'application/json': { schema: SetApiUserEnabledRequest } } },
  },
  responses: {
    200: { description: 'The API user as stored', content: { 'application/json': { schema: ApiUser } } },
    ...errorResponses(...GUARDED_WRITE, 404),
  },
});
