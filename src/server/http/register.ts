import type { OpenAPIHono, RouteConfig, RouteHandler, RouteHook } from '@hono/zod-openapi';
import { z } from 'zod';
import { ErrorBody } from '../../contract/errors';
import { isStepUpOperation, PASSKEY_ASSERTION_HEADER } from '../../contract/passkeys';
import { ROLE_LABELS } from '../../contract/role-labels';
import type { Answer, ErrorStatus, GuardedDefinition, OperationDefinition } from '../../contract/routes/operation';
import { guard } from './guard';
import type { AppDeps, AppEnv } from './types';

const IdempotencyHeaders = z.object({
  'idempotency-key': z.string().optional().meta({ description: 'Repeat a request with the same key to get the first response again (24 hours).' }),
});

/** Trading and the vault accounts it settles with are one beta, behind one switch per workspace. */
const BETA = 'Beta: a workspace without trading access gets 403 (access is arranged with the account manager).';

const SECURITY: Record<string, string[]>[] = [{ ApiKey: [], ApiJwt: [] }, { ConsoleSession: [] }];

const ERROR_DESCRIPTIONS: Record<ErrorStatus, string> = {
  400: 'Bad request: the message names the field or parameter at fault',
  401: 'Missing or invalid credentials (negative codes for API-user JWT failures)',
  403: 'The caller lacks the role this operation needs',
  404: 'Not found',
  409: 'Conflict (for example, the same Idempotency-Key is still being processed)',
  413: 'Request body too large',
  415: 'Unsupported media type: send application/json',
  429: 'Too many requests; see Retry-After',
  500: 'Internal error',
};

/** The statuses any signed, rate-limited operation can answer: a read's, and a write's (which has a body and an Idempotency-Key). */
const GUARDED_READ: readonly ErrorStatus[] = [400, 401, 403, 429, 500];
const GUARDED_WRITE: readonly ErrorStatus[] = [400, 401, 403, 409, 413, 415, 429, 500];

type Json<S> = { 'application/json': { schema: S } };
type ContentOf<A> = A extends { schema: infer S extends z.ZodType }
  ? { content: A extends { contentType: infer T extends string } ? { [K in T]: { schema: S } } : Json<S> }
  : unknown;

/** The route of a definition, as @hono/zod-openapi types it: what types the handler's `c.req.valid` and `c.json`. */
export type RouteOf<D extends OperationDefinition> = {
  method: D['method'];
  path: D['path'];
  request: (D extends { params: infer P } ? { params: P } : object) &
    (D extends { query: infer Q } ? { query: Q } : object) &
    (D extends { headers: infer H } ? { headers: H } : object) &
    (D extends { body: infer B } ? { body: { content: Json<B>; required: boolean } } : object);
  // One mapped type, not an intersection: an intersection would pass for "every answer has content"
  // on its errors' part alone, and refuse a handler its bodiless answers (c.body(null, 204)).
  responses: {
    [K in keyof D['responses'] | ErrorStatus]: K extends keyof D['responses']
      ? { description: string } & ContentOf<D['responses'][K]>
      : { description: string; content: Json<typeof ErrorBody> };
  };
};

/**
 * What the document states of a guarded operation after its own description: the roles, rate
 * category and idempotency the server enforces, from the same definition, so the two cannot drift.
 */
function rules(definition: GuardedDefinition): string {
  const { id, roles, rateCategory, idempotent } = definition;
  const who = roles === 'any' ? 'any role' : roles.map((role) => ROLE_LABELS[role]).join(', ');
  const stepUp = isStepUpOperation(id)
    ? ` Step-up: takes ${PASSKEY_ASSERTION_HEADER} (a passkey assertion for a challenge from POST /v1/auth/step_up/options bound to this exact request); without it, refused with 403 code 1901 when the workspace requires passkeys of the caller.`
    : '';
  return `Roles: ${who}. Rate category: ${rateCategory}.${idempotent ? ' Takes an Idempotency-Key.' : ''}${stepUp}`;
}

function answer({ description, schema, contentType, headers }: Answer) {
  return {
    description,
    ...(headers ? { headers } : {}),
    ...(schema ? { content: { [contentType ?? 'application/json']: { schema } } } : {}),
  };
}

/** The OpenAPI route of a definition: its operationId, security, extensions, Idempotency-Key header and error answers. */
export function routeOf(definition: OperationDefinition): RouteConfig {
  const { id, method, path, tags, summary, description, params, query, body, bodyOptional, responses } = definition;
  const guarded = definition.public ? undefined : definition;
  const headers = guarded?.idempotent ? (definition.headers ? definition.headers.extend(IdempotencyHeaders.shape) : IdempotencyHeaders) : definition.headers;
  const request = {
    ...(headers ? { headers } : {}),
    ...(params ? { params } : {}),
    ...(query ? { query } : {}),
    ...(body ? { body: { required: !bodyOptional, content: { 'application/json': { schema: body } } } } : {}),
  };
  const errors = definition.public ? definition.errors : [...(method === 'get' ? GUARDED_READ : GUARDED_WRITE), ...(definition.errors ?? [])];
  const text = guarded ? [description, guarded.beta ? BETA : undefined, rules(guarded)].filter(Boolean).join(' ') : description;
  return {
    method,
    path,
    operationId: id,
    tags: [...tags],
    summary,
    ...(text ? { description: text } : {}),
    ...(guarded
      ? {
          'x-roles': guarded.roles,
          'x-rate-category': guarded.rateCategory,
          ...(isStepUpOperation(id) ? { 'x-step-up': true } : {}),
          security: SECURITY,
        }
      : {}),
    ...(Object.keys(request).length > 0 ? { request } : {}),
    responses: {
      ...Object.fromEntries(Object.entries(responses).map(([status, a]) => [status, answer(a)])),
      ...Object.fromEntries(
        errors.map((status) => [status, { description: ERROR_DESCRIPTIONS[status], content: { 'application/json': { schema: ErrorBody } } }]),
      ),
    },
  };
}

/**
 * Serves an operation: its route in the document, and, for a guarded one, the guard its
 * definition calls for (authentication, roles, rate category, step-up, Idempotency-Key) before the
 * handler. The only way a feature registers a /v1 operation, so none goes without its guard.
 */
export function register<const D extends OperationDefinition>(
  app: OpenAPIHono<AppEnv>,
  deps: AppDeps,
  definition: D,
  handler: RouteHandler<RouteOf<D>, AppEnv>,
  /** Answers a request that fails validation, in place of the app's 400 (createOrder's code 900). */
  hook?: RouteHook<RouteOf<D>, AppEnv>,
): void {
  const route = routeOf(definition);
  const middleware = definition.public ? [] : guard(deps, definition);
  // The route is built at run time from the definition; RouteOf<D> typed the handler with the same.
  app.openapi({ ...route, middleware }, handler as never, hook as never);
}
