import { createRoute } from '@hono/zod-openapi';
import { ApproveTermsRequest, EarnProviderParam, EarnProvidersQuery, EarnProvidersResponse } from '../earn';
import { SECURITY } from './common';
import { idempotencyHeaders, operation } from './operation';
import { errorResponses, GUARDED, GUARDED_WRITE } from './responses';

export const listEarnProviders = createRoute({
  method: 'get',
  path: '/v1/earn/providers',
  tags: ['Earn (beta)'],
  summary: 'List earn providers',
  ...operation(
    'listEarnProviders',
    '`sortBy` is a provider field (default providerId; a list sorts element by element), `order` ASC or DESC (default DESC), ties broken by providerId. `next` and `prev` are opaque cursors bound to the workspace and the sort, empty when there is no such page. No role restriction stated.',
  ),
  security: SECURITY,
  request: { ...idempotencyHeaders('listEarnProviders'), query: EarnProvidersQuery },
  responses: {
    200: { description: 'The provider list envelope', content: { 'application/json': { schema: EarnProvidersResponse } } },
    ...errorResponses(...GUARDED),
  },
});

const approveDescription =
  'Records, for the workspace, that the provider’s terms of service are approved (approving again changes nothing). A provider whose terms need no approval is a 400.';

export const approveEarnTermsOfService = createRoute({
  method: 'post',
  path: '/v1/earn/providers/approve_terms_of_service',
  tags: ['Earn (beta)'],
  summary: 'Approve a provider’s terms of service',
  ...operation('approveEarnTermsOfService', approveDescription),
  security: SECURITY,
  request: { ...idempotencyHeaders('approveEarnTermsOfService'), body: { required: true, content: { 'application/json': { schema: ApproveTermsRequest } } } },
  responses: { 204: { description: 'Approved' }, ...errorResponses(...GUARDED_WRITE) },
});

export const approveEarnProviderTermsOfService = createRoute({
  method: 'post',
  path: '/v1/earn/providers/{providerId}/approve_terms_of_service',
  tags: ['Earn (beta)'],
  summary: 'Approve a provider’s terms of service (the provider in the path, as the public SDK sends it)',
  ...operation(
    'approveEarnProviderTermsOfService',
    `The same as POST /earn/providers/approve_terms_of_service; an unknown provider is a 404. ${approveDescription}`,
  ),
  security: SECURITY,
  request: { ...idempotencyHeaders('approveEarnProviderTermsOfService'), params: EarnProviderParam },
  responses: { 204: { description: 'Approved' }, ...errorResponses(...GUARDED_WRITE, 404) },
});
