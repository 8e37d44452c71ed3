import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { jsonResponse as json } from '../test/service';
import { ErrorBody } from '../../contract/errors';
import { type AccessTokens, ApiError, createApiClient, isErrorBody } from './api-client';

const Thing = z.object({ name: z.string() });

function tokens(overrides: Partial<AccessTokens> = {}): AccessTokens {
  return { current: () => 'old-token', refresh: vi.fn(async () => 'new-token'), expired: vi.fn(), ...overrides };
}

const bearerOf = (fetch: ReturnType<typeof vi.fn>, call: number) => new Headers((fetch.mock.calls[call]?.[1] as RequestInit).headers).get('Authorization');

describe('ApiError.fromResponse', () => {
  it('keeps the status, the envelope and the request id', async () => {
    const error = await ApiError.fromResponse(json(403, { message: 'Forbidden for AUDITOR', code: -8 }, 'abc-123'));
    expect(error).toMatchObject({ status: 403, code: -8, message: 'Forbidden for AUDITOR', requestId: 'abc-123' });
  });

  it('explains a body that is not the error envelope with the status instead', async () => {
    const response = new Response('<html>Bad gateway</html>', { status: 502, statusText: 'Bad Gateway' });
    const error = await ApiError.fromResponse(response);
    expect(error).toMatchObject({ status: 502, code: 502, message: 'The service answered 502 Bad Gateway.', requestId: null });
  });
});

describe('isErrorBody', () => {
  it('accepts exactly what the contract’s ErrorBody accepts', () => {
    const bodies = [
      { message: 'Forbidden', code: -8 },
      { message: 'Bad request', code: 400, extra: true },
      { message: '', code: 0 },
      { message: 'x', code: 1.5 },
      { message: 'x', code: 2 ** 60 },
      { message: 'x', code: '400' },
      { message: 7, code: 400 },
      { code: 400 },
      { message: 'x' },
      null,
      [],
      'text',
      42,
    ];
    for (const body of bodies) expect(isErrorBody(body), JSON.stringify(body)).toBe(ErrorBody.safeParse(body).success);
  });
});

describe('createApiClient', () => {
  it('sends the bearer token and validates the answer', async () => {
    const fetch = vi.fn(async () => json(200, { name: 'x' }));
    const client = createApiClient({ fetch, tokens: tokens() });
    await expect(client.request('/v1/thing', Thing)).resolves.toEqual({ name: 'x' });
    expect(bearerOf(fetch, 0)).toBe('Bearer old-token');
  });

  it('sends an idempotency key as the Idempotency-Key header', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(async () => json(200, { name: 'x' }));
    const client = createApiClient({ fetch, tokens: tokens() });
    await client.request('/v1/thing', Thing, { method: 'PUT', body: {}, idempotencyKey: 'key-1' });
    expect(new Headers(fetch.mock.calls[0]?.[1]?.headers).get('Idempotency-Key')).toBe('key-1');
  });

  it('refreshes once on a 401 and retries with the new token', async () => {
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockResolvedValueOnce(json(401, { message: 'Token expired', code: 401 }))
      .mockResolvedValueOnce(json(200, { name: 'after refresh' }));
    const access = tokens();
    const client = createApiClient({ fetch, tokens: access });

    await expect(client.request('/v1/thing', Thing)).resolves.toEqual({ name: 'after refresh' });
    expect(access.refresh).toHaveBeenCalledTimes(1);
    expect(bearerOf(fetch, 1)).toBe('Bearer new-token');
    expect(access.expired).not.toHaveBeenCalled();
  });

  it('ends the session when there is nothing left to refresh', async () => {
    const fetch = vi.fn(async () => json(401, { message: 'Token expired', code: 401 }, 'req-401'));
    const access = tokens({ refresh: vi.fn(async () => null) });
    const client = createApiClient({ fetch, tokens: access });

    await expect(client.request('/v1/thing', Thing)).rejects.toMatchObject({ status: 401, requestId: 'req-401' });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(access.expired).toHaveBeenCalledTimes(1);
  });

  it('retries only once: a second 401 ends the session', async () => {
    const fetch = vi.fn(async () => json(401, { message: 'Token not accepted', code: -7 }));
    const access = tokens();
    const client = createApiClient({ fetch, tokens: access });

    await expect(client.send('/v1/thing', { method: 'POST' })).rejects.toBeInstanceOf(ApiError);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(access.refresh).toHaveBeenCalledTimes(1);
    expect(access.expired).toHaveBeenCalledTimes(1);
  });

  it('treats a 401 on an anonymous call as an answer, not as an expired session', async () => {
    const fetch = vi.fn(async () => json(401, { message: 'Email or password is incorrect', code: 401 }));
    const access = tokens();
    const client = createApiClient({ fetch, tokens: access });

    await expect(client.request('/v1/auth/sign_in', Thing, { method: 'POST', body: {}, anonymous: true })).rejects.toMatchObject({
      status: 401,
      message: 'Email or password is incorrect',
    });
    expect(bearerOf(fetch, 0)).toBeNull();
    expect(access.refresh).not.toHaveBeenCalled();
    expect(access.expired).not.toHaveBeenCalled();
  });

  it('reports an answer that breaks the contract with its request id', async () => {
    const fetch = vi.fn(async () => json(200, { name: 42 }, 'req-shape'));
    const client = createApiClient({ fetch, tokens: tokens() });
    await expect(client.request('/v1/thing', Thing)).rejects.toMatchObject({ status: 200, requestId: 'req-shape' });
  });

  it('reads the next page of a header-paged list from the next-page header', async () => {
    const Things = z.array(Thing);
    const page = (next: string | null) => {
      const response = json(200, [{ name: 'a' }]);
      if (next) response.headers.set('next-page', next);
      return response;
    };
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockResolvedValueOnce(page('http://127.0.0.1:8080/v1/transactions?limit=1&next=cursor%2Fwith%3Dchars'))
      .mockResolvedValueOnce(page(null));
    const client = createApiClient({ fetch, tokens: tokens() });

    await expect(client.requestPage('/v1/transactions?limit=1', Things)).resolves.toEqual({ data: [{ name: 'a' }], nextCursor: 'cursor/with=chars' });
    await expect(client.requestPage('/v1/transactions?limit=1&next=x', Things)).resolves.toEqual({ data: [{ name: 'a' }], nextCursor: null });
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const client = createApiClient({ fetch, tokens: tokens() });
    await expect(client.request('/v1/thing', Thing)).rejects.toMatchObject({ name: 'ApiError', status: 0 });
  });
});
