import { describe, expect, it } from 'vitest';
import { mayPerform } from '../../contract/operations';
import { ROLES } from '../../contract/roles';
import { pageAt } from '../test/page-at';
import { actionsFor, CONSOLE_ACTIONS } from '../lib/console-actions';
import { sectionsFor } from './navigation';

describe('the table of console pages', () => {
  it('routes every detail page to its own page, with the operation that reads it', () => {
    expect(pageAt('/transactions')).toMatchObject({ label: 'Transactions', operation: 'listTransactions' });
    expect(pageAt('/transactions/2f9e6b1a-0c3d-4e5f-8a7b-1c2d3e4f5a6b')).toMatchObject({ label: 'Transaction', operation: 'getTransaction' });
    expect(pageAt('/webhooks')).toMatchObject({ label: 'Webhooks', operation: 'listWebhooks' });
    expect(pageAt('/webhooks/2f9e6b1a-0c3d-4e5f-8a7b-1c2d3e4f5a6b')).toMatchObject({ label: 'Webhook', operation: 'getWebhook' });
    expect(pageAt('/trading/orders/2f9e6b1a-0c3d-4e5f-8a7b-1c2d3e4f5a6b')).toMatchObject({ label: 'Order', operation: 'getOrder' });
    expect(pageAt('/people/2f9e6b1a-0c3d-4e5f-8a7b-1c2d3e4f5a6b')).toMatchObject({ label: 'Person', operation: 'getConsoleUser' });
  });

  it('lets a static path win over a parameter in the same place', () => {
    expect(pageAt('/webhooks/signatures')).toMatchObject({ label: 'Verifying webhook signatures', operation: 'listWebhooks' });
    expect(pageAt('/trading/orders/new')).toMatchObject({ label: 'New order', operation: 'createOrder' });
  });

  it('routes nothing deeper than the table names', () => {
    expect(pageAt('/transactions/2f9e6b1a-0c3d-4e5f-8a7b-1c2d3e4f5a6b/more')).toBeUndefined();
    expect(pageAt('/webhooks/signatures/more')).toBeUndefined();
  });

  it('lists no detail page in the navbar', () => {
    const listed = sectionsFor('OWNER').flatMap((section) => section.items.map((item) => item.path));
    expect(listed).toContain('/transactions');
    expect(listed).toContain('/webhooks');
    expect(listed.filter((path) => path.includes(':') || path.endsWith('/new') || path.endsWith('/signatures'))).toEqual([]);
  });
});

describe('the table of console actions', () => {
  it('offers each role only the actions it may perform', () => {
    expect(actionsFor('EDITOR').map((action) => action.label)).toEqual(['New transfer', 'New order', 'Register asset']);
    expect(actionsFor('ADMIN').map((action) => action.label)).toEqual(CONSOLE_ACTIONS.map((action) => action.label));
    // The catalogue states no role for registering an asset, so a viewer may; nothing else.
    expect(actionsFor('VIEWER').map((action) => action.label)).toEqual(['Register asset']);
  });

  it('leads every role to a page it may open', () => {
    for (const role of ROLES) {
      for (const action of actionsFor(role)) {
        const page = pageAt(action.path);
        expect(page, `${action.label} at ${action.path}`).toBeDefined();
        expect(mayPerform(role, page!.operation), `${role} may open ${action.path} for ${action.label}`).toBe(true);
      }
    }
  });
});
