import type { z } from 'zod';
import type { OperationDefinition } from '../../contract/routes/operation';
import type { HeaderPage, RequestOptions } from './api-client';
import { session } from './session';

/*
 * The console's one way to call an operation: `api(listOrders, { query, signal })`. The path is
 * built from the operation's definition (src/contract/routes/<area>.ts), its parameters typed by
 * it, and the answer checked against the operation's own response schema, through the fetch layer
 * (api-client.ts: the bearer token, request ids, one refresh on a 401, the error envelope). A page
 * imports the definitions it calls, and with them only their schemas.
 */

/** A value of a query parameter; a list repeats the parameter, null and undefined leave it out. */
type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

/**
 * An operation's path (its definition's, `/v1/webhooks/{webhookId}`) with each parameter filled in
 * and encoded, and the query after it.
 */
export function pathOf(operation: { path: string }, params: Record<string, unknown> = {}, query: URLSearchParams | Record<string, QueryValue> = {}): string {
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name])));
  const search = String(
    query instanceof URLSearchParams
      ? query
      : new URLSearchParams(Object.entries(query).flatMap(([name, value]) => (value == null ? [] : [value].flat().map((item) => [name, String(item)])))),
  );
  return search ? `${path}?${search}` : path;
}

/** The parameters of a call, as its definition has them: path parameters when it has some, a query, a body. */
export type CallArgs<D extends OperationDefinition> = (D extends { params: infer P extends z.ZodType } ? { params: z.input<P> } : { params?: never }) &
  (D extends { query: infer Q extends z.ZodType } ? { query?: URLSearchParams | { [K in keyof z.input<Q>]?: QueryValue } } : { query?: never }) &
  (D extends { body: infer B extends z.ZodType } ? (D extends { bodyOptional: true } ? { body?: z.input<B> } : { body: z.input<B> }) : { body?: never }) &
  Pick<RequestOptions, 'signal' | 'idempotencyKey' | 'headers'>;

type SuccessSchema<D extends OperationDefinition> = {
  [K in keyof D['responses']]: D['responses'][K] extends { schema: infer S extends z.ZodType } ? S : never;
}[keyof D['responses']];

/** What a call answers: the output of the operation's response schema, or nothing (204). */
export type Answer<D extends OperationDefinition> = [SuccessSchema<D>] extends [never] ? void : z.output<SuccessSchema<D>>;

/** A call's parameters as the fetch layer takes them, whatever the operation (CallArgs typed them for it). */
interface Sent extends Pick<RequestOptions, 'signal' | 'idempotencyKey' | 'headers'> {
  params?: Record<string, unknown>;
  query?: URLSearchParams | Record<string, QueryValue>;
  body?: unknown;
}

/** The request of a call, and the schema of the operation's success answer (none for a 204). */
function request(definition: OperationDefinition, args: unknown) {
  const { params, query, body, signal, idempotencyKey, headers } = args as Sent;
  const { 200: ok, 201: created, 202: accepted } = definition.responses;
  return {
    path: pathOf(definition, params, query),
    schema: (ok ?? created ?? accepted)?.schema,
    options: { method: definition.method.toUpperCase() as RequestOptions['method'], body, signal, idempotencyKey, headers },
  };
}

/** Calls an operation and hands back its answer, checked against its response schema. */
export function api<D extends OperationDefinition>(definition: D, args: CallArgs<D>): Promise<Answer<D>> {
  const { path, schema, options } = request(definition, args);
  return (schema ? session.api.request(path, schema, options) : session.api.send(path, options)) as Promise<Answer<D>>;
}

/**
 * As `api`, for the public API's lists that answer a bare array and name the next page in the
 * `next-page` header (listTransactions): the cursor is that URL's `next` parameter.
 */
export function apiPage<D extends OperationDefinition>(definition: D, args: CallArgs<D>): Promise<HeaderPage<Answer<D>>> {
  const { path, schema, options } = request(definition, args);
  return session.api.requestPage(path, schema!, options) as Promise<HeaderPage<Answer<D>>>;
}
