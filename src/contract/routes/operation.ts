import type { z } from 'zod';
import type { Role } from '../roles';

/** An entry of the operations table (src/contract/operations.ts says what the roles mean). */
export interface Operation {
  roles: readonly Role[] | 'any' | 'public';
}

/**
 * One operation of /v1, written once: its wire (method, path, parameters, body, answers), who may
 * call it, the rate category it counts against and whether it honours Idempotency-Key. Everything
 * else is derived from it: the operations table and `mayPerform` (contract/operations.ts, generated
 * by `npm run generate:operations`), the OpenAPI route and the middleware the server registers it
 * with (server/http/register.ts), and the console's typed call (web/lib/api.ts).
 *
 * This module is types only, so a console page that imports a definition pulls in its schemas and
 * nothing of the server's OpenAPI machinery.
 */
export type RateCategory = 'write' | 'query' | 'external_query' | 'high_compute';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** A success answer: a JSON body of `schema`, or none (204, 202 without a body). */
export interface Answer {
  description: string;
  schema?: z.ZodType;
  /** The body's media type when it is not JSON (the live stream). */
  contentType?: 'text/event-stream';
  headers?: z.ZodObject;
}

interface Wire {
  id: string;
  method: Method;
  /** The OpenAPI path, parameters in braces: `/v1/webhooks/{webhookId}`. */
  path: `/v1/${string}`;
  tags: readonly string[];
  summary: string;
  description?: string;
  params?: z.ZodObject;
  query?: z.ZodObject;
  headers?: z.ZodObject;
  body?: z.ZodType;
  /** The body may be left out (it is required otherwise). */
  bodyOptional?: true;
  responses: Partial<Record<200 | 201 | 202 | 204, Answer>>;
}

/** An operation authorised by role: the guard authenticates, authorises, rate-limits and (when idempotent) replays. */
export interface GuardedDefinition extends Wire {
  /** 'any': the spec states no role restriction, so any signed-in role may call it. Lists copy the spec's literally. */
  roles: readonly Role[] | 'any';
  rateCategory: RateCategory;
  idempotent?: true;
  /** Served with the trading beta, behind its switch per workspace (checked once the caller is authorised). */
  beta?: true;
  /** Error statuses beyond those every guarded operation can answer (404, typically). */
  errors?: readonly ErrorStatus[];
  public?: never;
}

/**
 * An operation that establishes who the caller is (a password, the refresh cookie, a pairing
 * token) rather than being authorised by role: no guard, so it lists every error it can answer.
 */
export interface PublicDefinition extends Wire {
  public: true;
  errors: readonly ErrorStatus[];
  roles?: never;
  rateCategory?: never;
  idempotent?: never;
  beta?: never;
}

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 500;

export type OperationDefinition = GuardedDefinition | PublicDefinition;

/**
 * Declares an operation; the literal types are kept, so its id, path and schemas type the server's
 * handler and the console's call. Marked free of side effects for the console's bundler, which then
 * leaves out of a page every definition of an area the page does not call.
 */
/*#__NO_SIDE_EFFECTS__*/
export function defineOperation<const D extends OperationDefinition>(definition: D): D {
  return definition;
}

/** What a read sets: counted as a query unless it states otherwise. */
const READ = { rateCategory: 'query' } as const;
/** What a write sets: counted as a write, and replayed for a repeated Idempotency-Key. */
const WRITE = { rateCategory: 'write', idempotent: true } as const;

/** What the operations of an area share: their tags and, unless one states its own, their roles (and the trading beta's switch). */
type Shared = Pick<GuardedDefinition, 'tags' | 'roles' | 'beta'>;
/** What a constructor's call states in its arguments (its id, path and summary) or sets (the method). */
type Stated = 'id' | 'method' | 'path' | 'summary' | 'responses';
type Status = keyof GuardedDefinition['responses'];
const NOT_FOUND = [404] as const;
/** An answer in short: its description and, when it has a body, its schema. */
type Short = readonly [description: string, schema?: z.ZodType];
/**
 * What a definition states itself after its id, path and summary: all but what its area and its
 * kind set, which it may state again where it differs, and its answers by status, each in short
 * (`200: ['The order', OrderDetails]`) or in full.
 */
type Own<Set extends keyof GuardedDefinition> = Omit<GuardedDefinition, Set | Stated | keyof Shared> &
  Partial<Pick<GuardedDefinition, Set | keyof Shared>> & { [K in Status]?: Short | Answer };
/** `B`'s properties, and `A`'s that `B` does not state: the type of `{ ...a, ...b }`, literal types kept. */
type Merge<A, B> = Omit<A, keyof B> & B;
/** The answers an `Own` states, in full. */
type Answers<D> = {
  [K in keyof D & Status]: D[K] extends readonly [infer Text, infer Schema]
    ? { description: Text; schema: Schema }
    : D[K] extends readonly [infer Text]
      ? { description: Text }
      : D[K];
};
/** The definition a constructor makes of its arguments. */
type Made<S, Set, I, M, P, T, D> = Merge<Merge<S, Set>, Omit<D, Status> & { id: I; method: M; path: P; summary: T; responses: Answers<D> }> &
  (D extends { params: z.ZodObject } ? { errors: readonly ErrorStatus[] } : unknown);

/** What `own` states, with its answers in full and, for a path with parameters, the 404 it can answer. */
function stated(own: Partial<Record<Status, Short | Answer> & Pick<GuardedDefinition, 'params' | 'errors'>>) {
  const full = (a: Short | Answer): Answer => (Array.isArray(a) ? { description: a[0], ...(a[1] && { schema: a[1] }) } : (a as Answer));
  // An answer is stated under its status, a number, as the console's build reads it too (vite.config.ts).
  const isStatus = (key: string) => /^\d{3}$/.test(key);
  const entries = Object.entries(own);
  const rest = Object.fromEntries(entries.filter(([key]) => !isStatus(key)));
  const responses = Object.fromEntries(entries.filter(([key, a]) => isStatus(key) && a).map(([status, a]) => [status, full(a as Short | Answer)]));
  // A path that names a resource by its parameters may name none: a 404, unless it says otherwise.
  const errors = own.errors ?? (own.params && NOT_FOUND);
  return { ...rest, ...(errors && { errors }), responses };
}

/**
 * The constructors of an area's guarded operations, so that each definition states only what is its
 * own: `get(id, path, summary, own)`, a read counted as a query, and `post`, `put`, `patch` and
 * `delete`, each idempotent and counted as a write. A write that is not idempotent, or a public
 * operation, is a `defineOperation` of its own. Free of side effects like `defineOperation`; the
 * console's build replaces each call by the little of its object the console reads (vite.config.ts).
 */
/*#__NO_SIDE_EFFECTS__*/
export function area<const S extends Shared>(shared: S) {
  const make =
    <const M extends Method, const Set extends object>(method: M, set: Set) =>
    <const I extends string, const P extends Wire['path'], const T extends string, const D extends Own<keyof Set & keyof GuardedDefinition>>(
      id: I,
      path: P,
      summary: T,
      own: D,
    ) =>
      ({ ...shared, ...set, id, method, path, summary, ...stated(own) }) as unknown as Made<S, Set, I, M, P, T, D>;
  return { get: make('get', READ), post: make('post', WRITE), put: make('put', WRITE), patch: make('patch', WRITE), delete: make('delete', WRITE) };
}

/** Where the service serves the OpenAPI document of every operation (the console's help menu links to it). */
export const OPENAPI_PATH = '/v1/openapi.json';

// The role groups the definitions share.
export const ADMINS = ['ADMIN', 'NON_SIGNING_ADMIN'] as const;
export const OWNER_AND_ADMINS = ['OWNER', ...ADMINS] as const;
export const QUORUM_READERS = ['OWNER', ...ADMINS, 'AUDITOR'] as const;
export const AUDIT_READERS = ['ADMIN', 'NON_SIGNING_ADMIN', 'AUDITOR', 'SECURITY_ADMIN', 'SECURITY_AUDITOR'] as const;
/** Who may create an order, and so move funds (a transfer takes the same roles). */
export const ORDER_WRITERS = ['OWNER', 'ADMIN', 'NON_SIGNING_ADMIN', 'SIGNER', 'EDITOR'] as const;
