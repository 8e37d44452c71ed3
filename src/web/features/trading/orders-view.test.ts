import { describe, expect, it } from 'vitest';
import { NO_ORDER_FILTERS, parseOrdersSearch, rangeProblem, toOrdersQuery, toOrdersSearch } from './orders-view';

describe('the orders list in the address', () => {
  it('reads and writes the filters under the service’s names, days in UTC', () => {
    const search = new URLSearchParams('statuses=COMPLETED,FAILED&providerId=ATLAS&accountId=atlas-main&from=2026-03-01&to=2026-03-03');
    const view = parseOrdersSearch(search);
    expect(view).toEqual({ statuses: ['COMPLETED', 'FAILED'], providerId: 'ATLAS', accountId: 'atlas-main', from: '2026-03-01', to: '2026-03-03' });
    expect(toOrdersSearch(view).toString()).toBe(search.toString());
    expect(Object.fromEntries(toOrdersQuery(view))).toEqual({
      pageSize: '25',
      order: 'DESC',
      statuses: 'COMPLETED,FAILED',
      providerId: 'ATLAS',
      accountId: 'atlas-main',
      startTime: String(Date.UTC(2026, 2, 1)),
      // The whole last day, to its last millisecond.
      endTime: String(Date.UTC(2026, 2, 4) - 1),
    });
  });

  it('drops what a hand-edited link has wrong instead of failing the page', () => {
    expect(parseOrdersSearch(new URLSearchParams('statuses=DONE&from=2026-02-30&to=yesterday'))).toEqual(NO_ORDER_FILTERS);
    expect(toOrdersSearch(NO_ORDER_FILTERS).toString()).toBe('');
  });

  it('says when the range ends before it starts', () => {
    expect(rangeProblem({ ...NO_ORDER_FILTERS, from: '2026-03-02', to: '2026-03-01' })).toBe('The last day must not be before the first');
    expect(rangeProblem({ ...NO_ORDER_FILTERS, from: '2026-03-02', to: '2026-03-02' })).toBeNull();
  });
});
