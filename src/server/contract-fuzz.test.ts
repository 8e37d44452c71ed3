import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAuditHistory } from './demo/audit-history';
import { seedComplianceDemo } from './features/compliance/demo';
import { seedEarnDemo } from './features/earn/demo';
import { seedTradingDemo } from './features/trading/demo';
import { seedTransactionsDemo } from './features/transactions/demo';
import { addApiUser, addWorkspace, buildApp, consoleToken, createTestContext, signedHeaders, type TestApiUser, type TestContext } from './test/harness';
import {
  MALFORMED_PATH_PARAMS,
  MALFORMED_QUERY_VALUES,
  MUTATIONS,
  mutate,
  resolver,
  validate,
  valueOf,
  type OpenApiDocument,
  type Operation,
  type Parameter,
  type Schema,
} from './test/openapi-fuzz';

/**
 * The contract fuzzer: every operation of /v1/openapi.json, on the demo workspace, as its Owner
 * (console session) and as its API user (signed JWT), with inputs generated from the document's
 * own schemas, valid ones and mutated ones. It passes when no answer is a 5xx, every status is one
 * the operation documents, every body matches the schema documented for its status, and every
 * error body is exactly { message, code }. FUZZ_RUNS sets the runs per operation and kind (valid,
 * invalid); FUZZ_SEED replays a run (the seed is printed).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 30);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
const HUGE = 1_000_000_000;
/** Signing in hashes the password on purpose slowly (and hashes a stand-in for unknown emails): fewer runs. */
const RUNS_OF: Record<string, number> = { 'post /v1/auth/sign_in': Math.min(RUNS, 5) };

let ctx: TestContext;
let app: ReturnType<typeof buildApp>;
let token: string;
let apiUser: TestApiUser;
let doc: OpenApiDocument;

beforeAll(async () => {
  ctx = await createTestContext({ rateLimits: { write: HUGE, query: HUGE, external_query: HUGE, high_compute: HUGE } });
  app = buildApp(ctx);
  const ws = await addWorkspace(ctx, 'Fuzz Co', ['OWNER']);
  apiUser = await addApiUser(ctx, ws.id, 'ADMIN', 'fuzz bot');
  await seedComplianceDemo(ctx.deps.db, ws.id);
  await seedEarnDemo(ctx.deps.db, ws.id);
  await seedTradingDemo(ctx.deps.db, ws.id);
  await seedTransactionsDemo(ctx.deps.db, ws.id, ws.people[0]!.id);
  await seedAuditHistory(ctx.deps.db, ws.id, [{ id: ws.people[0]!.id, name: 'Olivia Owner', role: 'OWNER' }], 300, Date.now());
  token = await consoleToken(app, ws.people[0]!.email);
  doc = (await (await app.request('/v1/openapi.json')).json()) as OpenApiDocument;
});

const tally = { operations: 0, requests: 0, serverErrors: 0, mismatches: 0, byStatus: new Map<number, number>() };
afterAll(async () => {
  const statuses = [...tally.byStatus]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status}×${n}`)
    .join(' ');
  process.stdout.write(
    `fuzz: ${tally.operations} operations, ${tally.requests.toLocaleString('en')} requests, ${tally.serverErrors} 5xx, ${tally.mismatches} schema mismatches (seed ${SEED}, ${RUNS} runs per operation and kind; ${statuses})\n`,
  );
  await ctx.database.close();
});

/** Ids seen in successful answers, by field name, so that path parameters also name real objects. */
const seen = new Map<string, string[]>();
const ID_FIELD = /(^id|Id)$/;
function harvest(value: unknown) {
  if (Array.isArray(value)) return value.forEach(harvest);
  if (value === null || typeof value !== 'object') return;
  for (const [key, item] of Object.entries(value)) {
    if (ID_FIELD.test(key) && typeof item === 'string' && item.length < 200) {
      const list = seen.get(key) ?? [];
      if (!list.includes(item) && list.length < 100) seen.set(key, [...list, item]);
    } else harvest(item);
  }
}
const knownIds = (field: string) => [...new Set([field, 'id', 'legacyId'].flatMap((name) => seen.get(name) ?? []))];
const knownId = (param: string, n: number) => {
  const pool = knownIds(param);
  return pool.length ? pool[n % pool.length]! : 'unknown';
};

type PathValue = { schema: unknown } | { known: number } | { raw: string };
interface FuzzRequest {
  kind: string;
  path: PathValue[];
  query: [string, string][];
  body?: { json: unknown } | { raw: string; contentType?: string } | { none: true };
  idempotencyKey: string | null;
  caller: 'owner' | 'api user';
}

const DOT_SEGMENT = /^(\.|%2e){1,2}$/i;

function encodeSegment(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  try {
    return encodeURIComponent(text);
  } catch {
    // A lone surrogate has no UTF-8 form; send the bytes a broken client would.
    return encodeURIComponent(text.replace(/[\ud800-\udfff]/g, '')) + '%ED%A0%80';
  }
}

function queryPairs(name: string, value: unknown): [string, string][] {
  if (value === undefined) return [];
  if (Array.isArray(value)) return value.flatMap((item) => queryPairs(name, item));
  return [[name, typeof value === 'string' ? value : JSON.stringify(value)]];
}

function plan(template: string, method: string, operation: Operation) {
  const resolve = resolver(doc);
  const parameters = (operation.parameters ?? []).map((p) => resolve<Parameter>(p));
  const pathParams = parameters.filter((p) => p.in === 'path');
  const queryParams = parameters.filter((p) => p.in === 'query');
  const takesKey = parameters.some((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key');
  const bodySchema = operation.requestBody?.content?.['application/json']?.schema;

  const pathArb = fc.tuple(
    ...pathParams.map((p) =>
      fc.oneof(
        // No client can send a segment of "." or ".." (even percent-encoded): URL parsing removes it and the request
        // names another route, whose answer is not this operation's to document.
        valueOf(resolve, p.schema ?? {})
          .filter((v) => !DOT_SEGMENT.test(encodeSegment(v)))
          .map((v): PathValue => ({ schema: v })),
        fc.nat().map((n): PathValue => ({ known: n })),
      ),
    ),
  );
  const queryArb = fc
    .tuple(...queryParams.map((p) => (p.required ? valueOf(resolve, p.schema ?? {}) : fc.option(valueOf(resolve, p.schema ?? {}), { nil: undefined }))))
    .map((values) => values.flatMap((v, i) => queryPairs(queryParams[i]!.name, v)));
  const bodyArb = bodySchema ? valueOf(resolve, bodySchema, 0, knownIds) : fc.constant(undefined);
  // Now and then a key used before, with another request: the idempotency rules get fuzzed too.
  const keyArb = takesKey
    ? fc.option(fc.oneof({ weight: 9, arbitrary: fc.uuid() }, { weight: 1, arbitrary: fc.constantFrom('fuzz-key-a', 'fuzz-key-b') }), { nil: null })
    : fc.constant(null);
  const callerArb = fc.constantFrom<FuzzRequest['caller']>('owner', 'api user');

  const valid = fc
    .record({ path: pathArb, query: queryArb, body: bodyArb, idempotencyKey: keyArb, caller: callerArb })
    .map((r): FuzzRequest => ({ ...r, kind: 'valid', body: bodySchema ? { json: r.body } : undefined }));

  const invalidKinds: fc.Arbitrary<FuzzRequest>[] = [];
  const base = fc.record({ path: pathArb, query: queryArb, body: bodyArb, idempotencyKey: keyArb, caller: callerArb });
  const withBody = (body: unknown) => (bodySchema ? { json: body } : undefined);
  if (bodySchema) {
    invalidKinds.push(
      fc
        .tuple(base, fc.constantFrom(...MUTATIONS), fc.nat())
        .map(([r, mutation, choice]): FuzzRequest => ({ ...r, kind: `body ${mutation}`, body: { json: mutate(r.body, mutation, choice) } })),
      fc
        .tuple(
          base,
          fc.constantFrom('{"a":', '', 'null', '[1,2', '{"a":"\\ud800"', '\u0000', '{"__proto__":{"x":1}}'),
          fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded'),
        )
        .map(([r, raw, contentType]): FuzzRequest => ({ ...r, kind: `body raw ${contentType}`, body: { raw, contentType } })),
      base.map((r): FuzzRequest => ({ ...r, kind: 'body missing', body: { none: true } })),
    );
  }
  if (pathParams.length > 0) {
    invalidKinds.push(
      fc.tuple(base, fc.nat({ max: pathParams.length - 1 }), fc.constantFrom(...MALFORMED_PATH_PARAMS)).map(([r, index, raw]): FuzzRequest => {
        const path = [...r.path];
        path[index] = { raw };
        return { ...r, kind: 'path malformed', path, body: withBody(r.body) };
      }),
    );
  }
  invalidKinds.push(
    fc
      .tuple(base, fc.constantFrom(...queryParams.map((p) => p.name), 'fuzzUnknown'), fc.constantFrom(...MALFORMED_QUERY_VALUES))
      .map(([r, name, value]): FuzzRequest => ({
        ...r,
        kind: 'query malformed',
        query: [...r.query.filter(([n]) => n !== name), [name, value]],
        body: withBody(r.body),
      })),
  );
  const invalid = fc.oneof(...invalidKinds);

  const send = async (r: FuzzRequest) => {
    let i = 0;
    const path = template.replace(/\{[^}]+\}/g, () => {
      const value = r.path[i]!;
      const name = pathParams[i++]!.name;
      if ('raw' in value) return value.raw;
      return encodeSegment('known' in value ? knownId(name, value.known) : value.schema);
    });
    const search = new URLSearchParams(r.query).toString();
    const url = search ? `${path}?${search}` : path;
    let text: string | undefined;
    let contentType: string | undefined;
    if (r.body && 'json' in r.body) [text, contentType] = [JSON.stringify(r.body.json) ?? 'null', 'application/json'];
    else if (r.body && 'raw' in r.body) [text, contentType] = [r.body.raw, r.body.contentType];
    const headers: Record<string, string> =
      r.caller === 'owner' ? { Authorization: `Bearer ${token}` } : await signedHeaders(apiUser, url, { body: text ?? '' });
    delete headers['Content-Type'];
    if (contentType) headers['Content-Type'] = contentType;
    if (r.idempotencyKey) headers['Idempotency-Key'] = r.idempotencyKey;
    const res = await app.request(url, { method: method.toUpperCase(), headers, body: text });
    return { url, res, sent: text };
  };

  return { valid, invalid, send };
}

function check(operation: Operation, status: number, body: string, contentType: string | null): string[] {
  const resolve = resolver(doc);
  const problems: string[] = [];
  if (status >= 500) problems.push(`answered ${status}`);
  const documented = operation.responses[String(status)];
  if (!documented) return [...problems, `status ${status} is not documented (documented: ${Object.keys(operation.responses).join(', ')})`];
  if (contentType?.startsWith('text/event-stream'))
    return documented.content?.['text/event-stream'] ? problems : [...problems, `status ${status} came as an event stream it does not document`];
  const schema = documented.content?.['application/json']?.schema;
  if (!schema) return body === '' ? problems : [...problems, `status ${status} documents no body but one came: ${body.slice(0, 200)}`];
  if (!contentType?.startsWith('application/json')) return [...problems, `status ${status} came as ${contentType ?? 'no content type'}, not JSON`];
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return [...problems, `status ${status}: the body is not JSON`];
  }
  problems.push(
    ...validate(resolve, schema as Schema, parsed)
      .slice(0, 5)
      .map((p) => `status ${status} body ${p}`),
  );
  if (status >= 400) {
    const keys = parsed !== null && typeof parsed === 'object' ? Object.keys(parsed).sort().join(',') : typeof parsed;
    if (keys !== 'code,message') problems.push(`error body has ${keys}, not exactly message and code`);
  }
  if (status < 300) harvest(parsed);
  return problems;
}

const ORDER = ['get', 'post', 'put', 'patch', 'delete'];

describe('contract fuzzer: every operation of /v1/openapi.json', () => {
  it('covers every operation of the document, reads first and writes after', async () => {
    const operations = Object.entries(doc.paths).flatMap(([template, item]) => Object.keys(item).map((method) => `${method} ${template}`));
    expect(operations.length).toBeGreaterThan(50);
    const problems: string[] = [];
    const sorted = Object.entries(doc.paths)
      .flatMap(([template, item]) => Object.entries(item).map(([method, operation]) => ({ template, method, operation })))
      .sort((a, b) => ORDER.indexOf(a.method) - ORDER.indexOf(b.method));
    for (const [index, { template, method, operation }] of sorted.entries()) {
      const { valid, invalid, send } = plan(template, method, operation);
      tally.operations++;
      for (const [kindIndex, arbitrary] of [valid, invalid].entries()) {
        await fc.assert(
          fc.asyncProperty(arbitrary, async (request) => {
            const { url, res, sent } = await send(request);
            // A live stream does not end by itself: its status and content type are checked, then it is closed.
            const streamed = res.headers.get('content-type')?.startsWith('text/event-stream') === true;
            if (streamed) await res.body?.cancel();
            const body = streamed ? '' : await res.text();
            tally.requests++;
            tally.byStatus.set(res.status, (tally.byStatus.get(res.status) ?? 0) + 1);
            const found = check(operation, res.status, body, res.headers.get('content-type'));
            if (res.status >= 500) tally.serverErrors++;
            else if (found.length) tally.mismatches++;
            if (found.length && problems.length < 200) {
              problems.push(
                `${method.toUpperCase()} ${template} [${request.kind}, ${request.caller}] ${url.slice(0, 300)} body ${sent?.slice(0, 300) ?? '(none)'}: ${found.join('; ')} — answer ${body.slice(0, 300)}`,
              );
            }
          }),
          { numRuns: RUNS_OF[`${method} ${template}`] ?? RUNS, seed: SEED + index * 2 + kindIndex, endOnFailure: true },
        );
      }
    }
    expect(problems).toEqual([]);
  }, 900_000);
});
