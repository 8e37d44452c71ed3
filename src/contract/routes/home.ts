import { HomeSummary } from '../home';
import { area } from './operation';

const consoleHome = area({ tags: ['Console (extension)'], roles: 'any' });

// Console home (extension): any role; each part of the answer is left out (null) for a role
// that may not read it, by the other operations’ roles.
export const getHomeSummary = consoleHome.get('getHomeSummary', '/v1/console/home', "The console home's counts and balances (extension)", {
  description:
    'What waits for the caller (approvals to decide, pending Travel Rule messages, failed webhook notifications, stuck transactions), open orders, and the total balance by asset with its USD value. A part the role may not read, or the workspace does not have, is null.',
  200: ['The summary', HomeSummary],
});
