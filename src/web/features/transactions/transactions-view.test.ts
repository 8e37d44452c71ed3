import { describe, expect, it } from 'vitest';
import { timelineSteps } from './status-timeline';
import { NO_FILTERS, parseTransactionsSearch, toListQuery, toTransactionsSearch } from './transactions-view';

describe('the transactions list in the address', () => {
  it('reads the filters the contract accepts and drops what the service would refuse', () => {
    const view = parseTransactionsSearch(new URLSearchParams('status=COMPLETED,FAILED,COMPLETED&assets=BTC&txHash=%200xabc%20&sort=ASC'));
    expect(view).toEqual({ status: ['COMPLETED', 'FAILED'], asset: 'BTC', txHash: '0xabc', orderId: null, stuck: false, sort: 'ASC' });
    expect(parseTransactionsSearch(new URLSearchParams('status=CONFIRMING&stuck=true&sort=ASC'))).toEqual({
      ...NO_FILTERS,
      status: ['CONFIRMING'],
      stuck: true,
      sort: 'ASC',
    });
    // One unknown status spoils the parameter for the service, so the console drops it whole.
    expect(parseTransactionsSearch(new URLSearchParams('status=COMPLETED,DONE&sort=sideways'))).toEqual(NO_FILTERS);
  });

  it('writes a short canonical link and asks the service for one page at a time', () => {
    const view = { ...NO_FILTERS, status: ['BLOCKED' as const], orderId: 'ord-1' };
    expect(toTransactionsSearch(view).toString()).toBe('status=BLOCKED&orderId=ord-1');
    expect(Object.fromEntries(toListQuery(view, 'cursor-2'))).toEqual({ status: 'BLOCKED', orderId: 'ord-1', sort: 'DESC', limit: '50', next: 'cursor-2' });
    // The home's stuck-transfers tile links to this very address.
    expect(toTransactionsSearch({ ...NO_FILTERS, status: ['CONFIRMING'], stuck: true, sort: 'ASC' }).toString()).toBe('status=CONFIRMING&stuck=true&sort=ASC');
  });
});

describe('timelineSteps', () => {
  it('folds repeated updates of one status into one step, oldest first', () => {
    const steps = timelineSteps([
      { status: 'CONFIRMING', subStatus: 'PENDING_BLOCKCHAIN_CONFIRMATIONS', at: 3 },
      { status: 'BROADCASTING', at: 2 },
      { status: 'CONFIRMING', subStatus: 'PENDING_BLOCKCHAIN_CONFIRMATIONS', at: 4 },
      { status: 'COMPLETED', subStatus: 'CONFIRMED', at: 5 },
    ]);
    expect(steps).toEqual([
      { status: 'BROADCASTING', at: 2, updates: 1, lastAt: 2 },
      { status: 'CONFIRMING', subStatus: 'PENDING_BLOCKCHAIN_CONFIRMATIONS', at: 3, updates: 2, lastAt: 4 },
      { status: 'COMPLETED', subStatus: 'CONFIRMED', at: 5, updates: 1, lastAt: 5 },
    ]);
  });
});
