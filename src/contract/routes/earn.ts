import { ApproveTermsRequest, EarnProviderParam, EarnProvidersQuery, EarnProvidersResponse } from '../earn';
import { defineOperation } from './operation';

// Earn (spec, beta): no stated roles
export const listEarnProviders = defineOperation({
  id: 'listEarnProviders',
  method: 'get',
  path: '/v1/earn/providers',
  tags: ['Earn (beta)'],
  summary: 'List earn providers',
  description:
    '`sortBy` is a provider field (default providerId; a list sorts element by element), `order` ASC or DESC (default DESC), ties broken by providerId. `next` and `prev` are opaque cursors bound to the workspace and the sort, empty when there is no such page. No role restriction stated.',
  roles: 'any',
  rateCategory: 'query',
  query: EarnProvidersQuery,
  responses: { 200: { description: 'The provider list envelope', schema: EarnProvidersResponse } },
});

const approveDescription =
  'Records, for the workspace, that the provider’s terms of service are approved (approving again changes nothing). A provider whose terms need no approval is a 400.';

export const approveEarnTermsOfService = defineOperation({
  id: 'approveEarnTermsOfService',
  method: 'post',
  path: '/v1/earn/providers/approve_terms_of_service',
  tags: ['Earn (beta)'],
  summary: 'Approve a provider’s terms of service',
  description: approveDescription,
  roles: 'any',
  rateCategory: 'write',
  idempotent: true,
  body: ApproveTermsRequest,
  responses: { 204: { description: 'Approved' } },
});

export const approveEarnProviderTermsOfService = defineOperation({
  id: 'approveEarnProviderTermsOfService',
  method: 'post',
  path: '/v1/earn/providers/{providerId}/approve_terms_of_service',
  tags: ['Earn (beta)'],
  summary: 'Approve a provider’s terms of service (the provider in the path, as the public SDK sends it)',
  description: `The same as POST /earn/providers/approve_terms_of_service; an unknown provider is a 404. ${approveDescription}`,
  roles: 'any',
  rateCategory: 'write',
  idempotent: true,
  params: EarnProviderParam,
  responses: { 204: { description: 'Approved' } },
  errors: [404],
});
