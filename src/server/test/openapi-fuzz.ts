import fc from 'fast-check';

/**
 * The contract fuzzer's two halves, both read from the generated OpenAPI document: arbitraries
 * (fast-check) for the JSON-schema subset the document uses, with mutations that make a valid
 * input invalid, and a validator of response bodies against the same subset.
 */

export type Schema = Record<string, unknown>;
export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
}
export interface Operation {
  operationId?: string;
  parameters?: (Parameter | { $ref: string })[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> };
  responses: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: Record<string, Record<string, unknown>>;
}

export function resolver(doc: OpenApiDocument) {
  return <T>(node: T | { $ref: string }): T => {
    let current: unknown = node;
    for (let hops = 0; current && typeof current === 'object' && '$ref' in current; hops++) {
      if (hops > 20) throw new Error('a $ref loop in the document');
      const ref = (current as { $ref: string }).$ref;
      if (!ref.startsWith('#/')) throw new Error(`the fuzzer reads local $refs only, not ${ref}`);
      current = ref
        .slice(2)
        .split('/')
        .reduce<unknown>((at, key) => (at as Record<string, unknown>)[key.replaceAll('~1', '/').replaceAll('~0', '~')], doc);
    }
    return current as T;
  };
}

type Resolve = ReturnType<typeof resolver>;
const types = (schema: Schema): string[] => (Array.isArray(schema.type) ? (schema.type as string[]) : typeof schema.type === 'string' ? [schema.type] : []);

/** Strings as callers type them: mostly ASCII, then any Unicode (NUL and emoji included), and blanks. */
const someText = (minLength: number, maxLength: number) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.string({ minLength, maxLength }) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', minLength, maxLength }) },
    { weight: 1, arbitrary: fc.string({ unit: fc.constantFrom(' ', '\t', '\n'), minLength, maxLength }) },
  );

function stringArbitrary(schema: Schema): fc.Arbitrary<string> {
  const minLength = (schema.minLength as number | undefined) ?? 0;
  const maxLength = Math.min((schema.maxLength as number | undefined) ?? 40, Math.max(minLength, 40));
  const fits = (s: string) => s.length >= minLength && s.length <= ((schema.maxLength as number | undefined) ?? Infinity);
  if (schema.format === 'email') return fc.emailAddress().filter(fits);
  if (schema.format === 'uuid') return fc.uuid();
  if (typeof schema.pattern === 'string') {
    const pattern = new RegExp(schema.pattern);
    // fast-check builds strings from a pattern without lookaheads; the full pattern then filters.
    const buildable = new RegExp(schema.pattern.replace(/\(\?[=!][^)]*\)/g, ''));
    return fc.stringMatching(buildable).filter((s) => pattern.test(s) && fits(s));
  }
  return someText(minLength, maxLength);
}

/** Values already known to the service for a field of that name (ids seen in its answers). */
export type KnownValues = (field: string) => string[];

/**
 * A value that the schema accepts (the document's subset of JSON Schema 2020-12). A string field
 * named like an id also takes ids the service has shown, so that inputs reach past the lookup.
 */
export function valueOf(resolve: Resolve, node: Schema | { $ref: string }, depth = 0, known: KnownValues = () => []): fc.Arbitrary<unknown> {
  const schema = resolve<Schema>(node);
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const options = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (options) return fc.oneof(...options.map((o) => valueOf(resolve, o, depth + 1, known)));
  if (Array.isArray(schema.allOf) && schema.allOf.length === 1) return valueOf(resolve, schema.allOf[0] as Schema, depth + 1, known);
  const kinds = types(schema);
  if (kinds.length > 1) return fc.oneof(...kinds.map((type) => valueOf(resolve, { ...schema, type }, depth + 1, known)));
  switch (kinds[0]) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'string':
      return stringArbitrary(schema);
    case 'integer': {
      const min = (schema.minimum as number | undefined) ?? (schema.exclusiveMinimum !== undefined ? (schema.exclusiveMinimum as number) + 1 : -1000);
      const max = (schema.maximum as number | undefined) ?? (schema.exclusiveMaximum !== undefined ? (schema.exclusiveMaximum as number) - 1 : 1_000_000);
      return fc.integer({ min: Math.max(min, Number.MIN_SAFE_INTEGER), max: Math.min(max, Number.MAX_SAFE_INTEGER) });
    }
    case 'number':
      return fc.double({
        min: (schema.minimum ?? schema.exclusiveMinimum ?? -1e9) as number,
        max: (schema.maximum ?? schema.exclusiveMaximum ?? 1e9) as number,
        minExcluded: schema.exclusiveMinimum !== undefined,
        maxExcluded: schema.exclusiveMaximum !== undefined,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'array': {
      const minLength = (schema.minItems as number | undefined) ?? 0;
      const maxLength = Math.min((schema.maxItems as number | undefined) ?? 4, minLength + 4);
      // Unique items: lists such as webhook events refuse repeats, and none of the document's needs them.
      const items = schema.items ? valueOf(resolve, schema.items as Schema, depth + 1, known) : fc.jsonValue({ maxDepth: 1 });
      return fc.uniqueArray(items, { minLength, maxLength, selector: (item) => JSON.stringify(item) });
    }
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const names = Object.keys(properties);
      if (names.length === 0 && schema.additionalProperties && typeof schema.additionalProperties === 'object') {
        return fc.dictionary(fc.string({ minLength: 1, maxLength: 10 }), valueOf(resolve, schema.additionalProperties as Schema, depth + 1, known), {
          maxKeys: 3,
        });
      }
      if (depth > 8) return fc.constant({});
      const model = Object.fromEntries(
        names.map((name) => {
          const value = valueOf(resolve, properties[name]!, depth + 1, known);
          if (!types(resolve<Schema>(properties[name]!)).includes('string')) return [name, value];
          // The document says "string" for URLs; a URL by name gets past the URL check too. Loopback
          // only, and a closed port, so that nothing the fuzzer registers could reach elsewhere.
          if (/url$/i.test(name))
            return [
              name,
              fc.oneof(
                value,
                fc.webSegment().map((path) => `https://127.0.0.1:9/${path}`),
              ),
            ];
          const ids = /(^id|Id)$/.test(name) ? known(name) : [];
          return [name, ids.length ? fc.oneof(value, fc.constantFrom(...ids)) : value];
        }),
      );
      return fc.record(model, { requiredKeys: (schema.required as string[] | undefined) ?? [] });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** How a valid JSON value is made invalid. Each names what it breaks, for the report. */
export const MUTATIONS = ['wrong-type', 'missing-required', 'extra-field', 'huge-string', 'nul', 'surrogate', 'extreme-number', 'not-an-object'] as const;
export type Mutation = (typeof MUTATIONS)[number];

const WRONG_TYPES: unknown[] = [0, -1, 1.5, '', 'text', true, null, [], {}, [1, 'a'], { a: 1 }];
const EXTREME_NUMBERS: unknown[] = [-1, -0.5, 1e308, -1e308, 2 ** 64, Number.MAX_SAFE_INTEGER + 2, 1e-320, 0];

/** Every place inside a JSON value: the path of keys to it (the root is the empty path). */
function places(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  const here = [path];
  if (Array.isArray(value)) return here.concat(...value.map((item, i) => places(item, [...path, i])));
  if (value !== null && typeof value === 'object') return here.concat(...Object.entries(value).map(([k, v]) => places(v, [...path, k])));
  return here;
}

function replaceAt(value: unknown, path: (string | number)[], replacement: (old: unknown) => unknown): unknown {
  if (path.length === 0) return replacement(value);
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head!] = replaceAt(copy[head!], rest, replacement);
  return copy;
}

export function mutate(value: unknown, mutation: Mutation, choice: number): unknown {
  const all = places(value);
  const pick = <T>(list: T[]) => list[choice % list.length]!;
  const objects = all.filter((p) => {
    const at = p.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)[k], value);
    return at !== null && typeof at === 'object' && !Array.isArray(at);
  });
  switch (mutation) {
    case 'wrong-type':
      return replaceAt(value, pick(all), (old) => pick(WRONG_TYPES.filter((w) => typeof w !== typeof old || Array.isArray(w) !== Array.isArray(old))));
    case 'missing-required':
      return replaceAt(value, pick(objects.length ? objects : [[]]), (old) => {
        if (old === null || typeof old !== 'object') return {};
        const keys = Object.keys(old);
        if (keys.length === 0) return old;
        const { [pick(keys)]: _dropped, ...rest } = old as Record<string, unknown>;
        return rest;
      });
    case 'extra-field':
      return replaceAt(value, pick(objects.length ? objects : [[]]), (old) =>
        old !== null && typeof old === 'object' ? { ...old, fuzzExtraField: 'x' } : { fuzzExtraField: 'x' },
      );
    case 'huge-string':
      // Mostly past every maxLength; one in four past the 1 MiB body limit too.
      return replaceAt(value, pick(all), () => 'x'.repeat(choice % 4 === 0 ? 1_100_000 : 70_000));
    case 'nul':
      return replaceAt(value, pick(all), () => 'a\u0000b');
    case 'surrogate':
      return replaceAt(value, pick(all), () => pick(['\ud800', 'x\udc00y', '\udfff\ud800']));
    case 'extreme-number':
      return replaceAt(value, pick(all), () => pick(EXTREME_NUMBERS));
    case 'not-an-object':
      return pick([[], [value], 42, 'text', null, true]);
  }
}

/** Path parameters that no schema accepts, some already percent-encoded as they travel. */
export const MALFORMED_PATH_PARAMS = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%FF',
  '%25',
  'a%2Fb',
  '%20',
  'x'.repeat(5000),
  "1'%20or%20'1'='1",
  '-1',
  '99999999999999999999999',
  '1e999',
  '%F0%9F%98%80',
  '00000000-0000-0000-0000-000000000000',
  'null',
  '__proto__',
  'constructor',
  '%u0000',
];

/** Query values that no parameter accepts, and one parameter that no operation has. */
export const MALFORMED_QUERY_VALUES = [
  '',
  '\u0000',
  'a\u0000',
  '\ud800',
  '-1',
  '1e999',
  'NaN',
  'x'.repeat(20_000),
  '[]',
  '{}',
  '%',
  '0x10',
  '1.5',
  'true,false,,',
];

/** Checks a value against the document's subset of JSON Schema; the problems, each with its place. */
export function validate(resolve: Resolve, node: Schema | { $ref: string }, value: unknown, at = '$'): string[] {
  const schema = resolve<Schema>(node);
  const problems: string[] = [];
  if ('const' in schema && value !== schema.const) problems.push(`${at}: expected ${JSON.stringify(schema.const)}`);
  if (Array.isArray(schema.enum) && !schema.enum.includes(value)) problems.push(`${at}: ${JSON.stringify(value)} is not one of ${JSON.stringify(schema.enum)}`);
  if (Array.isArray(schema.allOf)) for (const part of schema.allOf as Schema[]) problems.push(...validate(resolve, part, value, at));
  if (Array.isArray(schema.anyOf) && !(schema.anyOf as Schema[]).some((o) => validate(resolve, o, value, at).length === 0)) {
    problems.push(`${at}: matches none of anyOf (${(schema.anyOf as Schema[]).map((o) => validate(resolve, o, value, at)[0]).join(' | ')})`);
  }
  if (Array.isArray(schema.oneOf)) {
    const matching = (schema.oneOf as Schema[]).filter((o) => validate(resolve, o, value, at).length === 0).length;
    if (matching !== 1) problems.push(`${at}: matches ${matching} of oneOf, not exactly 1`);
  }
  const kinds = types(schema);
  if (kinds.length > 0) {
    const actual = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value;
    const fits = kinds.some((kind) => kind === actual || (kind === 'integer' && Number.isInteger(value)) || (kind === 'number' && actual === 'number'));
    if (!fits) return [...problems, `${at}: expected ${kinds.join(' or ')}, got ${actual}`];
  }
  if (typeof value === 'string') {
    if (typeof schema.minLength === 'number' && [...value].length < schema.minLength) problems.push(`${at}: shorter than ${schema.minLength}`);
    if (typeof schema.maxLength === 'number' && [...value].length > schema.maxLength) problems.push(`${at}: longer than ${schema.maxLength}`);
    if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern).test(value)) problems.push(`${at}: does not match ${schema.pattern}`);
  }
  if (typeof value === 'number') {
    if (typeof schema.minimum === 'number' && value < schema.minimum) problems.push(`${at}: below ${schema.minimum}`);
    if (typeof schema.maximum === 'number' && value > schema.maximum) problems.push(`${at}: above ${schema.maximum}`);
    if (typeof schema.exclusiveMinimum === 'number' && value <= schema.exclusiveMinimum) problems.push(`${at}: not above ${schema.exclusiveMinimum}`);
  }
  if (Array.isArray(value)) {
    if (typeof schema.minItems === 'number' && value.length < schema.minItems) problems.push(`${at}: fewer than ${schema.minItems} items`);
    if (typeof schema.maxItems === 'number' && value.length > schema.maxItems) problems.push(`${at}: more than ${schema.maxItems} items`);
    if (schema.items) value.forEach((item, i) => problems.push(...validate(resolve, schema.items as Schema, item, `${at}[${i}]`)));
  } else if (value !== null && typeof value === 'object') {
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    for (const name of (schema.required as string[] | undefined) ?? []) if (!(name in value)) problems.push(`${at}: '${name}' is missing`);
    for (const [name, item] of Object.entries(value)) {
      if (properties[name]) problems.push(...validate(resolve, properties[name], item, `${at}.${name}`));
      else if (schema.additionalProperties === false) problems.push(`${at}: '${name}' is not in the schema`);
      else if (schema.additionalProperties && typeof schema.additionalProperties === 'object')
        problems.push(...validate(resolve, schema.additionalProperties as Schema, item, `${at}.${name}`));
    }
  }
  return problems;
}
