import { createRoute } from '@hono/zod-openapi';
import { HomeSummary } from '../home';
import { SECURITY } from './common';
import { operation } from './operation';
import { errorResponses, GUARDED } from './responses';

export const getHomeSummary = createRoute({
  method: 'get',
  path: '/v1/console/home',
  tags: ['Console (extension)'],
  summary: "The console home's counts and balances (extension)",
  ...operation(
    'getHomeSummary',
    'What waits for the caller (approvals to decide, pending Travel Rule messages, failed webhook notifications, stuck transactions), open orders, and the total balance by asset with its USD value. A part the role may not read, or the workspace does not have, is null.',
  ),
  security: SECURITY,
  responses: { 200: { description: 'The summary', content: { 'application/json': { schema: HomeSummary } } }, ...errorResponses(...GUARDED) },
});
