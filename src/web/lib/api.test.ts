import { describe, expect, it } from 'vitest';
import { pathOf } from './api';

describe('pathOf', () => {
  const notification = { path: '/v1/webhooks/{webhookId}/notifications/{notificationId}' };

  it('fills in each parameter, encoded, and adds the query, a list as a repeated parameter', () => {
    expect(pathOf(notification, { webhookId: 'a/b', notificationId: 'n 1' }, { pageSize: 50, statuses: ['FAILED', 'ON_HOLD'], events: null })).toBe(
      '/v1/webhooks/a%2Fb/notifications/n%201?pageSize=50&statuses=FAILED&statuses=ON_HOLD',
    );
    expect(pathOf({ path: '/v1/assets' }, undefined, new URLSearchParams({ ids: 'BTC,ETH' }))).toBe('/v1/assets?ids=BTC%2CETH');
    expect(pathOf({ path: '/v1/assets' }, undefined, { pageCursor: undefined })).toBe('/v1/assets');
  });
});
