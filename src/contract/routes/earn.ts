import { ApproveTermsRequest, EarnProviderParam, EarnProvidersQuery, EarnProvidersResponse } from '../earn';
import { area } from './operation';

const earn = area({ tags: ['Earn (beta)'], roles: 'any' });

// Earn (spec, beta): no stated roles
export const listEarnProviders = earn.get('listEarnProviders', '/v1/earn/providers', 'List earn providers', {
  description:
    '`sortBy` is a provider field (default providerId; a list sorts element by element), `order` ASC or DESC (default DESC), ties broken by providerId. `next` and `prev` are opaque cursors bound to the workspace and the sort, empty when there is no such page. No role restriction stated.',
  query: EarnProvidersQuery,
  200: ['The provider list envelope', EarnProvidersResponse],
});

const approveDescription =
  'Records, for the workspace, that the provider’s terms of service are approved (approving again changes nothing). A provider whose terms need no approval is a 400.';

export const approveEarnTermsOfService = earn.post(
  'approveEarnTermsOfService',
  '/v1/earn/providers/approve_terms_of_service',
  'Approve a provider’s terms of service',
  { description: approveDescription, body: ApproveTermsRequest, 204: ['Approved'] },
);

export const approveEarnProviderTermsOfService = earn.post(
  'approveEarnProviderTermsOfService',
  '/v1/earn/providers/{providerId}/approve_terms_of_service',
  'Approve a provider’s terms of service (the provider in the path, as the public SDK sends it)',
  {
    description: `The same as POST /earn/providers/approve_terms_of_service; an unknown provider is a 404. ${approveDescription}`,
    params: EarnProviderParam,
    204: ['Approved'],
  },
);
