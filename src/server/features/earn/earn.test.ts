import { describe, expect, it } from 'vitest';
import type { AuditLogsResponse } from '../../../contract/audit';
import { EARN_MAX_CHAIN_IDS, type EarnProvidersResponse } from '../../../contract/earn';
import { addWorkspace, consoleToken } from '../../test/harness';
import { testApp } from '../../test/test-app';

const { ctx, app, call } = testApp();

const list = (token: string, query = '') => call<EarnProvidersResponse>(token, 'GET', `/v1/earn/providers${query}`);
const ids = (r: { body: EarnProvidersResponse }) => r.body.data.map((p) => p.providerId);

async function person(name: string, role: 'VIEWER' | 'ADMIN' = 'VIEWER') {
  const ws = await addWorkspace(ctx, name, [role]);
  return { ws, token: await consoleToken(app, ws.people[0]!.email) };
}

describe('GET /earn/providers', () => {
  it('lists the shipped providers in the envelope, DESC by providerId by default, with empty cursors on a single page', async () => {
    const { token } = await person('Earn Co');
    const res = await list(token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: [
        {
          providerId: 'MORPHO',
          displayName: 'Morpho',
          logoUrl: 'http://localhost/static/earn-logos/morpho.svg',
          supportedChainIds: [1, 10, 130, 137, 480, 8453, 42161],
          isTermsApprovalRequired: true,
          termsOfServiceUrl: 'https://morpho.org/terms-of-use',
          isTermsOfServiceApproved: false,
        },
        expect.objectContaining({
          providerId: 'AAVE',
          displayName: 'Aave',
          logoUrl: 'http://localhost/static/earn-logos/aave.svg',
          termsOfServiceUrl: 'https://aave.com/terms-of-service',
        }),
      ],
      total: 2,
      next: '',
      prev: '',
    });
    // The SDKs' EarnProvider model takes at most EARN_MAX_CHAIN_IDS chain ids.
    for (const provider of res.body.data) expect(provider.supportedChainIds.length, provider.providerId).toBeLessThanOrEqual(EARN_MAX_CHAIN_IDS);
    // The logos are served by the service itself.
    const logo = await app.request('/static/earn-logos/aave.svg');
    expect(logo.status).toBe(200);
    expect(logo.headers.get('Content-Type')).toBe('image/svg+xml');
    expect(await logo.text()).toMatch(/^<svg/);
    expect((await app.request('/static/earn-logos/..%2Fschema.ts')).status).toBe(404);
  });

  it('sorts by any provider field in either order, ties broken by providerId', async () => {
    const { token } = await person('Sorting Co');
    expect(ids(await list(token, '?order=ASC'))).toEqual(['AAVE', 'MORPHO']);
    expect(ids(await list(token, '?sortBy=displayName&order=DESC'))).toEqual(['MORPHO', 'AAVE']);
    // Aave's chain list starts [1, 10, 56…], Morpho's [1, 10, 130…]: element by element, Aave's is smaller.
    expect(ids(await list(token, '?sortBy=supportedChainIds&order=ASC'))).toEqual(['AAVE', 'MORPHO']);
    // Equal values: providerId decides, in the same direction.
    expect(ids(await list(token, '?sortBy=isTermsApprovalRequired&order=ASC'))).toEqual(['AAVE', 'MORPHO']);
    expect(ids(await list(token, '?sortBy=isTermsApprovalRequired'))).toEqual(['MORPHO', 'AAVE']);
    expect((await call(token, 'POST', '/v1/earn/providers/approve_terms_of_service', { providerId: 'AAVE' })).status).toBe(204);
    expect(ids(await list(token, '?sortBy=isTermsOfServiceApproved&order=DESC'))).toEqual(['AAVE', 'MORPHO']);
    expect(ids(await list(token, '?sortBy=isTermsOfServiceApproved&order=ASC'))).toEqual(['MORPHO', 'AAVE']);
  });

  it('refuses parameters outside the rules, naming them', async () => {
    const { token } = await person('Rules Co');
    const cases: [string, RegExp][] = [
      ['?sortBy=apy', /sortBy must be a provider field/],
      ['?sortBy=', /sortBy must be a provider field/],
      ['?order=desc', /order must be ASC or DESC/],
      ['?pageSize=0', /pageSize must be between 1 and 100/],
      ['?pageSize=101', /pageSize must be between 1 and 100/],
      ['?pageSize=1.5', /pageSize must be a whole number/],
      ['?pageSize=ten', /pageSize must be a number/],
      ['?pageCursor=forged.cursor', /pageCursor is not a cursor this service issued/],
    ];
    for (const [query, message] of cases) {
      const res = await list(token, query);
      expect(res.status, query).toBe(400);
      expect(res.body.message).toMatch(message);
    }
    expect((await list(token, '?pageSize=1')).status).toBe(200);
    expect((await list(token, '?pageSize=100')).status).toBe(200);
  });

  it('pages forwards with next and back with prev; cursors belong to one sort and one workspace', async () => {
    const { token } = await person('Paging Co');
    const first = await list(token, '?pageSize=1&order=ASC');
    expect(ids(first)).toEqual(['AAVE']);
    expect(first.body).toMatchObject({ total: 2, prev: '' });
    expect(first.body.next).not.toBe('');
    const second = await list(token, `?pageSize=1&order=ASC&pageCursor=${encodeURIComponent(first.body.next)}`);
    expect(ids(second)).toEqual(['MORPHO']);
    expect(second.body).toMatchObject({ total: 2, next: '' });
    const back = await list(token, `?pageSize=1&order=ASC&pageCursor=${encodeURIComponent(second.body.prev)}`);
    expect(ids(back)).toEqual(['AAVE']);
    expect(back.body.prev).toBe('');

    const otherSort = await list(token, `?pageSize=1&order=DESC&pageCursor=${encodeURIComponent(first.body.next)}`);
    expect(otherSort.status).toBe(400);
    expect(otherSort.body.message).toMatch(/different query/);
    const stranger = await person('Stranger Co');
    expect((await list(stranger.token, `?pageSize=1&order=ASC&pageCursor=${encodeURIComponent(first.body.next)}`)).status).toBe(400);
  });
});

describe('approving terms of service', () => {
  it('records the approval for the workspace only, audits it once, and answers 204 again without a change', async () => {
    const a = await person('Approve A', 'ADMIN');
    const b = await person('Approve B');
    const approved = await call(a.token, 'POST', '/v1/earn/providers/approve_terms_of_service', { providerId: 'AAVE' });
    expect(approved.status).toBe(204);
    expect(approved.body).toBeNull();
    const mine = (await list(a.token)).body.data.find((p) => p.providerId === 'AAVE');
    expect(mine?.isTermsOfServiceApproved).toBe(true);
    expect((await list(b.token)).body.data.every((p) => !p.isTermsOfServiceApproved)).toBe(true);
    expect((await call(a.token, 'POST', '/v1/earn/providers/approve_terms_of_service', { providerId: 'AAVE' })).status).toBe(204);

    // The SDK's form: the provider in the path.
    expect((await call(a.token, 'POST', '/v1/earn/providers/MORPHO/approve_terms_of_service')).status).toBe(204);
    expect((await list(a.token)).body.data.every((p) => p.isTermsOfServiceApproved)).toBe(true);

    const events = (await call<AuditLogsResponse>(a.token, 'GET', '/v1/management/audit_logs?category=Earn')).body.data;
    expect(events.map((e) => [e.subject, e.event, e.detail.providerId, e.detail.before, e.detail.after])).toEqual([
      ['Terms of service', 'Approved', 'MORPHO', { isTermsOfServiceApproved: false }, { isTermsOfServiceApproved: true }],
      ['Terms of service', 'Approved', 'AAVE', { isTermsOfServiceApproved: false }, { isTermsOfServiceApproved: true }],
    ]);
  });

  it('an unknown provider is a 400 in the body and a 404 in the path', async () => {
    const { token } = await person('Unknown Co');
    const body = await call(token, 'POST', '/v1/earn/providers/approve_terms_of_service', { providerId: 'COMPOUND' });
    expect(body.status).toBe(400);
    expect(body.body.message).toBe('providerId COMPOUND is not an earn provider (AAVE, MORPHO)');
    expect((await call(token, 'POST', '/v1/earn/providers/approve_terms_of_service', {})).body.message).toMatch(/providerId is required/);
    expect((await call(token, 'POST', '/v1/earn/providers/COMPOUND/approve_terms_of_service')).status).toBe(404);
  });
});
