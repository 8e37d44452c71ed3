import type { z } from 'zod';
import type { ErrorBody } from '../../contract/errors';

const REQUEST_ID_HEADER = 'X-Request-ID';
// NEXT_PAGE_HEADER of the transactions contract, spelt out so the console's first chunk does not
// carry that contract (and the trading one it builds on) just for a header name.
const NEXT_PAGE_HEADER = 'next-page';

/** Any failed call to the service, carrying what a user or an operator needs to follow it up. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when the service could not be reached at all. */
  readonly status: number;
  readonly code: number;
  readonly requestId: string | null;

  constructor(status: number, code: number, message: string, requestId: string | null) {
    super(message);
    this.status = status;
    this.code = code;
    this.requestId = requestId;
  }

  static async fromResponse(response: Response): Promise<ApiError> {
    const requestId = response.headers.get(REQUEST_ID_HEADER);
    const body: unknown = await response.json().catch(() => null);
    if (isErrorBody(body)) return new ApiError(response.status, body.code, body.message, requestId);
    // A proxy or a crashed process answered instead of the service: keep the status so the user
    // still learns something, and follow the service's rule that generic failures use it as code.
    const reason = `${response.status} ${response.statusText}`.trim();
    return new ApiError(response.status, response.status, `The service answered ${reason}.`, requestId);
  }
}

/**
 * The contract's ErrorBody, checked by hand: this runs on the sign-in page (a visitor without a
 * session gets a 401 from the refresh), which then would load zod, a quarter of its JavaScript, for
 * two fields. api-client.test.ts holds it to ErrorBody.
 */
export function isErrorBody(body: unknown): body is ErrorBody {
  if (typeof body !== 'object' || body === null) return false;
  const { message, code } = body as Record<string, unknown>;
  return typeof message === 'string' && Number.isSafeInteger(code);
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Where the client gets its bearer token, and how it recovers when the service rejects it. */
export interface AccessTokens {
  current(): string | null;
  /** A fresh token, or null when there is no session left to refresh. */
  refresh(): Promise<string | null>;
  /** The session cannot be recovered; the console must ask the user to sign in again. */
  expired(): void;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Send no bearer token and never treat a 401 as an expired session (sign-in, refresh). */
  anonymous?: boolean;
  /** Sent as `Idempotency-Key`, so a retried write is answered with the first response instead of repeated. */
  idempotencyKey?: string;
  /** Further request headers (the live stream's `Last-Event-ID`). */
  headers?: Record<string, string>;
}

/** A page of a list whose next page is named by a response header rather than the body. */
export interface HeaderPage<T> {
  data: T;
  /** The cursor of the next page, or null on the last page. */
  nextCursor: string | null;
}

/**
 * A contract schema, or a function that imports it: the import then happens only once an answer
 * has to be checked, so a first screen that may never get one (sign-in) does not load zod for it.
 */
export type SchemaSource<S extends z.ZodType> = S | (() => Promise<S>);

export interface ApiClient {
  /** Calls the service and validates the JSON answer against a contract schema. */
  request<S extends z.ZodType>(path: string, schema: SchemaSource<S>, options?: RequestOptions): Promise<z.output<S>>;
  /**
   * As `request`, for the public API's lists that answer a bare array and put the next page's URL
   * in the `next-page` header: the cursor is that URL's `next` parameter.
   */
  requestPage<S extends z.ZodType>(path: string, schema: S, options?: RequestOptions): Promise<HeaderPage<z.output<S>>>;
  /** Calls the service for an answer without a body (204). */
  send(path: string, options?: RequestOptions): Promise<void>;
  /** Calls the service and hands back the successful response itself, to read as it arrives (the live stream). */
  open(path: string, options?: RequestOptions): Promise<Response>;
}

export interface ApiClientOptions {
  fetch: typeof globalThis.fetch;
  tokens: AccessTokens;
}

export function createApiClient({ fetch, tokens }: ApiClientOptions): ApiClient {
  async function dispatch(path: string, options: RequestOptions, token: string | null): Promise<Response> {
    const headers = new Headers({ Accept: 'application/json', ...options.headers });
    if (options.body !== undefined) headers.set('Content-Type', 'application/json');
    if (token) headers.set('Authorization', `Bearer ${token}`);
    if (options.idempotencyKey) headers.set('Idempotency-Key', options.idempotencyKey);
    try {
      return await fetch(path, {
        method: options.method ?? 'GET',
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: options.signal,
        // The refresh cookie is httpOnly and SameSite=Strict; the browser only sends it same-origin.
        credentials: 'same-origin',
      });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw new ApiError(0, 0, 'The service could not be reached. Check your connection and try again.', null);
    }
  }

  // The only place in the console that reacts to a 401: refresh once, retry once, else give up.
  async function authorised(path: string, options: RequestOptions): Promise<Response> {
    if (options.anonymous) return dispatch(path, options, null);
    const token = tokens.current();
    const response = await dispatch(path, options, token);
    if (response.status !== 401) return response;

    // Another request may already have refreshed while this one was in flight; refreshing again
    // would rotate the cookie for nothing.
    const latest = tokens.current();
    const fresh = latest !== null && latest !== token ? latest : await tokens.refresh();
    if (fresh === null) {
      tokens.expired();
      return response;
    }
    const retried = await dispatch(path, options, fresh);
    if (retried.status === 401) tokens.expired();
    return retried;
  }

  async function answer<S extends z.ZodType>(path: string, source: SchemaSource<S>, options: RequestOptions) {
    const response = await authorised(path, options);
    if (!response.ok) throw await ApiError.fromResponse(response);
    const requestId = response.headers.get(REQUEST_ID_HEADER);
    const [schema, body] = await Promise.all([typeof source === 'function' ? source() : source, response.json().catch(() => undefined)]);
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      throw new ApiError(response.status, response.status, 'The service sent an answer this console does not understand.', requestId);
    }
    return { data: parsed.data as z.output<S>, headers: response.headers };
  }

  return {
    async request(path, schema, options = {}) {
      return (await answer(path, schema, options)).data;
    },
    async requestPage(path, schema, options = {}) {
      const { data, headers } = await answer(path, schema, options);
      const next = headers.get(NEXT_PAGE_HEADER);
      // The header holds an absolute URL; the base only matters if a proxy made it relative.
      const nextCursor = next ? new URL(next, 'http://service.invalid').searchParams.get('next') : null;
      return { data, nextCursor: nextCursor || null };
    },
    async send(path, options = {}) {
      const response = await authorised(path, options);
      if (!response.ok) throw await ApiError.fromResponse(response);
    },
    async open(path, options = {}) {
      const response = await authorised(path, options);
      if (!response.ok) throw await ApiError.fromResponse(response);
      return response;
    },
  };
}

/** What to tell a user about any thrown value: the service's message and request id when there are any. */
export function describeError(error: unknown): { message: string; requestId: string | null } {
  if (isApiError(error)) return { message: error.message, requestId: error.requestId };
  if (error instanceof Error && error.message) return { message: error.message, requestId: null };
  return { message: 'Something went wrong.', requestId: null };
}
