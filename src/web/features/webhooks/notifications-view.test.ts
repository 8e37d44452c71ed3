import { describe, expect, it } from 'vitest';
import { parseNotificationsSearch, toNotificationsSearch } from './notifications-view';

describe('a webhook’s notifications in the address', () => {
  it('keeps known statuses in the contract’s order, a known event and the open notification', () => {
    const view = parseNotificationsSearch(new URLSearchParams('statuses=FAILED,bogus,COMPLETED&events=transaction.created&notification=n1'));
    expect(view).toEqual({ statuses: ['COMPLETED', 'FAILED'], event: 'transaction.created', notification: 'n1' });
    expect(toNotificationsSearch(view).search.toString()).toBe('statuses=COMPLETED%2CFAILED&events=transaction.created&notification=n1');
  });

  it('drops an unknown event and leaves an unfiltered view with an empty address', () => {
    const view = parseNotificationsSearch(new URLSearchParams('events=order.created'));
    expect(view).toEqual({ statuses: [], event: null, notification: null });
    expect(toNotificationsSearch(view).search.toString()).toBe('');
  });
});
