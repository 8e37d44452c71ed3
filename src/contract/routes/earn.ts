import { ApproveTermsRequest, EarnProviderParam, EarnProvidersQuery, EarnProvidersResponse } from '../earn';
import { area } from './operation';

const earn = area({ tags: ['Earn (beta)'], roles: 'any' });

// Earn (spec, beta): no stated roles
export const listEarnProviders = earn.read({
  id: 'listEarnProviders',
  path: '/v1/earn/providers',
  summary: 'List earn providers',
  description:
    '`sortBy` is a provider field (default providerId; a list sorts element by element), `order` ASC or DESC (default DESC), ties broken by providerId. `next` and `prev` are opaque cursors bound to the workspace and the sort, empty when there is no such page. No role restriction stated.',
  query: EarnProvidersQuery,
  responses: { 200: { description: 'The provider list envelope', schema: EarnProvidersResponse } },
});

const approveDescription =
  'Records, for the workspace, that the provider’s terms of service are approved (approving again changes nothing). A provider whose terms need no approval is a 400.';

export const approveEarnTermsOfService = earn.write({
  id: 'approveEarnTermsOfService',
  method: 'post',
  path: '/v1/earn/providers/approve_terms_of_service',
  summary: 'Approve a provider’s terms of service',
  description: approveDescription,
  body: ApproveTermsRequest,
  responses: { 204: { description: 'Approved' } },
});

export const approveEarnProviderTermsOfService = earn.write({
  id: 'approveEarnProviderTermsOfService',
  method: 'post',
  path: '/v1/earn/providers/{providerId}/approve_terms_of_service',
  summary: 'Approve a provider’s terms of service (the provider in the path, as the public SDK sends it)',
  description: `The same as POST /earn/providers/approve_terms_of_service; an unknown provider is a 404. ${approveDescription}`,
  params: EarnProviderParam,
  responses: { 204: { description: 'Approved' } },
  errors: [404],
});
