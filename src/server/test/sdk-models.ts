import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import ts from 'typescript';

/**
 * A runtime checker read from the official TypeScript SDK's own declarations
 * (`@fireblocks/ts-sdk/dist/models/*.d.ts` and `dist/api/*.d.ts`), so that a JSON answer (or a
 * request we send) is held to exactly the types a client compiled against the SDK expects:
 *
 * - a property without `?` is required; one with `?` may be absent;
 * - `null` is accepted only where the declaration says `| null`;
 * - `string`, `number`, `boolean` are checked with typeof; `any`/`object` accept anything of
 *   their kind; enums (the generator's `const X = {…} as const` + `type X = typeof X[keyof …]`)
 *   accept their members only, case-sensitively; string literal types the same;
 * - `Array<T>`, `T[]` and `interface X extends Array<T>` check every element;
 * - `A | B` (oneOf) passes when one variant passes; `A & B` (allOf) needs every part, and a
 *   property known to any part is known;
 * - `{ [key: string]: T }` index signatures admit any further property of type T.
 *
 * Properties a model does not declare are not errors in themselves (OpenAPI objects admit
 * additional properties unless they say otherwise, and the generated interfaces cannot say):
 * they are returned as `extras` (`Model.property`), so a caller decides which are documented
 * extensions and fails on the rest (a misspelt field shows up there).
 *
 * The SDK declares no lengths or array bounds in its TypeScript (only in prose); bounds are
 * therefore a separate table the caller passes in (see `SdkBounds`).
 */

type Shape =
  | { kind: 'string' | 'number' | 'boolean' | 'any' | 'null' | 'object' | 'undefined' | 'never' }
  | { kind: 'literal'; value: string | number | boolean }
  | { kind: 'enum'; name: string; values: (string | number)[] }
  | { kind: 'array'; of: Shape }
  | { kind: 'record'; of: Shape }
  | { kind: 'model'; name: string; props: Map<string, { shape: Shape; optional: boolean }>; index?: Shape; base?: Shape[] }
  | { kind: 'union'; of: Shape[] }
  | { kind: 'intersection'; of: Shape[] }
  | { kind: 'ref'; name: string };

/** A bound the SDK's sibling generators enforce: on a string's length, an array's size or a number. */
export interface SdkBound {
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  minimum?: number;
  maximum?: number;
}
/** `Model.property` → its bounds. */
export type SdkBounds = Record<string, SdkBound>;

export interface CheckResult {
  /** Each violation, with the JSON path and what was expected. */
  errors: string[];
  /** Properties the model does not declare, as `Model.property` (deduplicated). */
  extras: string[];
  /** Every model the value was checked against (for the summary). */
  models: Set<string>;
}

const require = createRequire(import.meta.url);
const SDK_DIST = dirname(require.resolve('@fireblocks/ts-sdk'));

interface Declaration {
  file: string;
  node: ts.InterfaceDeclaration | ts.TypeAliasDeclaration | ts.VariableDeclaration | ts.ClassDeclaration;
}

const sourceFiles = new Map<string, ts.SourceFile>();
function parse(file: string) {
  let source = sourceFiles.get(file);
  if (!source) {
    source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    sourceFiles.set(file, source);
  }
  return source;
}

/** Name → file, from a quick scan; a file is parsed only when one of its names is needed. */
let nameIndex: Map<string, string[]> | undefined;
function filesDeclaring(name: string): string[] {
  if (!nameIndex) {
    nameIndex = new Map();
    for (const dir of ['models', 'api']) {
      for (const entry of readdirSync(join(SDK_DIST, dir))) {
        if (!entry.endsWith('.d.ts')) continue;
        const file = join(SDK_DIST, dir, entry);
        for (const m of readFileSync(file, 'utf8').matchAll(/^export (?:declare )?(?:interface|type|const|class) (\w+)/gm)) {
          nameIndex.set(m[1]!, [...(nameIndex.get(m[1]!) ?? []), file]);
        }
      }
    }
  }
  return nameIndex.get(name) ?? [];
}

function declarations(name: string): Declaration[] {
  const found: Declaration[] = [];
  for (const file of filesDeclaring(name)) {
    for (const statement of parse(file).statements) {
      if ((ts.isInterfaceDeclaration(statement) || ts.isTypeAliasDeclaration(statement) || ts.isClassDeclaration(statement)) && statement.name?.text === name) {
        found.push({ file, node: statement });
      }
      if (ts.isVariableStatement(statement)) {
        for (const d of statement.declarationList.declarations) if (ts.isIdentifier(d.name) && d.name.text === name) found.push({ file, node: d });
      }
    }
  }
  return found;
}

const shapes = new Map<string, Shape>();

/** The shape of a named SDK model, enum or request-parameters interface. */
export function sdkShape(name: string): Shape {
  const known = shapes.get(name);
  if (known) return known;
  const decls = declarations(name);
  const alias = decls.find((d) => ts.isTypeAliasDeclaration(d.node))?.node as ts.TypeAliasDeclaration | undefined;
  const iface = decls.find((d) => ts.isInterfaceDeclaration(d.node))?.node as ts.InterfaceDeclaration | undefined;
  const constant = decls.find((d) => ts.isVariableDeclaration(d.node))?.node as ts.VariableDeclaration | undefined;
  let shape: Shape;
  if (alias && ts.isIndexedAccessTypeNode(alias.type) && constant?.type && ts.isTypeLiteralNode(constant.type)) {
    // The generator's enum: `declare const X: { readonly A: "a"; … }; type X = typeof X[keyof typeof X]`.
    const values = constant.type.members.map((m): string | number => {
      const t = ts.isPropertySignature(m) ? m.type : undefined;
      if (t && ts.isLiteralTypeNode(t)) {
        if (ts.isStringLiteral(t.literal)) return t.literal.text;
        if (ts.isNumericLiteral(t.literal)) return Number(t.literal.text);
      }
      throw new Error(`enum ${name}: member ${m.getText()} is not a literal`);
    });
    shape = { kind: 'enum', name, values };
  } else if (alias) {
    // Placeholder first, so a model that refers to itself terminates.
    shape = { kind: 'ref', name };
    shapes.set(name, shape);
    shape = fromTypeNode(alias.type, name);
  } else if (iface) {
    const model: Extract<Shape, { kind: 'model' }> = { kind: 'model', name, props: new Map() };
    shapes.set(name, model);
    for (const clause of iface.heritageClauses ?? []) {
      for (const t of clause.types) {
        const base = t.expression.getText();
        if (base === 'Array') {
          const of = fromTypeNode(t.typeArguments![0]!, name);
          shape = { kind: 'array', of };
          shapes.set(name, shape);
          return shape;
        }
        (model.base ??= []).push(sdkShape(base));
      }
    }
    addMembers(model, iface.members, name);
    shape = model;
  } else {
    throw new Error(`the SDK declares no model, enum or interface named ${name}`);
  }
  shapes.set(name, shape);
  return shape;
}

function propertyName(name: ts.PropertyName) {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name)) return name.text;
  throw new Error(`unexpected property name ${name.getText()}`);
}

function addMembers(model: Extract<Shape, { kind: 'model' }>, members: ts.NodeArray<ts.TypeElement>, context: string) {
  for (const member of members) {
    if (ts.isPropertySignature(member)) {
      model.props.set(propertyName(member.name), {
        shape: member.type ? fromTypeNode(member.type, context) : { kind: 'any' },
        optional: !!member.questionToken,
      });
    } else if (ts.isIndexSignatureDeclaration(member)) {
      model.index = fromTypeNode(member.type, context);
    } else {
      throw new Error(`${context}: unexpected member ${member.getText()}`);
    }
  }
}

function fromTypeNode(node: ts.TypeNode, context: string): Shape {
  switch (node.kind) {
    case ts.SyntaxKind.StringKeyword:
      return { kind: 'string' };
    case ts.SyntaxKind.NumberKeyword:
      return { kind: 'number' };
    case ts.SyntaxKind.BooleanKeyword:
      return { kind: 'boolean' };
    case ts.SyntaxKind.AnyKeyword:
    case ts.SyntaxKind.UnknownKeyword:
      return { kind: 'any' };
    case ts.SyntaxKind.ObjectKeyword:
      return { kind: 'object' };
    case ts.SyntaxKind.VoidKeyword:
    case ts.SyntaxKind.UndefinedKeyword:
      return { kind: 'undefined' };
    case ts.SyntaxKind.NeverKeyword:
      return { kind: 'never' };
  }
  if (ts.isParenthesizedTypeNode(node)) return fromTypeNode(node.type, context);
  if (ts.isArrayTypeNode(node)) return { kind: 'array', of: fromTypeNode(node.elementType, context) };
  if (ts.isUnionTypeNode(node)) return { kind: 'union', of: node.types.map((t) => fromTypeNode(t, context)) };
  if (ts.isIntersectionTypeNode(node)) return { kind: 'intersection', of: node.types.map((t) => fromTypeNode(t, context)) };
  if (ts.isTypeOperatorNode(node) && node.operator === ts.SyntaxKind.ReadonlyKeyword) return fromTypeNode(node.type, context);
  if (ts.isLiteralTypeNode(node)) {
    const literal = node.literal;
    if (literal.kind === ts.SyntaxKind.NullKeyword) return { kind: 'null' };
    if (ts.isStringLiteral(literal)) return { kind: 'literal', value: literal.text };
    if (ts.isNumericLiteral(literal)) return { kind: 'literal', value: Number(literal.text) };
    if (literal.kind === ts.SyntaxKind.TrueKeyword) return { kind: 'literal', value: true };
    if (literal.kind === ts.SyntaxKind.FalseKeyword) return { kind: 'literal', value: false };
  }
  if (ts.isTypeLiteralNode(node)) {
    const model: Extract<Shape, { kind: 'model' }> = { kind: 'model', name: context, props: new Map() };
    addMembers(model, node.members, context);
    return model;
  }
  if (ts.isTypeReferenceNode(node)) {
    const name = node.typeName.getText();
    const args = node.typeArguments ?? [];
    if ((name === 'Array' || name === 'Set') && args[0]) return { kind: 'array', of: fromTypeNode(args[0], context) };
    if (name === 'Record' && args[1]) return { kind: 'record', of: fromTypeNode(args[1], context) };
    if (name === 'Date') return { kind: 'string' };
    return { kind: 'ref', name };
  }
  if (ts.isImportTypeNode(node)) {
    // `import("../response/fireblocksResponse").FireblocksResponse<X>` in the API classes.
    const qualifier = node.qualifier?.getText();
    if (qualifier === 'FireblocksResponse' && node.typeArguments?.[0]) return fromTypeNode(node.typeArguments[0], context);
  }
  throw new Error(`${context}: type ${node.getText()} is not understood by the checker`);
}

function resolve(shape: Shape): Shape {
  let current = shape;
  while (current.kind === 'ref') {
    const next = sdkShape(current.name);
    if (next === current) throw new Error(`${current.name} refers to itself`);
    current = next;
  }
  return current;
}

/** What the SDK method `Class.method` declares it resolves to (`FireblocksResponse<X>` → X). */
export function sdkReturnShape(apiClass: string, method: string): { shape: Shape; model: string } {
  const cls = declarations(apiClass).find((d) => ts.isClassDeclaration(d.node))?.node as ts.ClassDeclaration | undefined;
  if (!cls) throw new Error(`the SDK has no API class ${apiClass}`);
  const decl = cls.members.find((m): m is ts.MethodDeclaration => ts.isMethodDeclaration(m) && m.name.getText() === method);
  if (!decl?.type) throw new Error(`${apiClass} has no method ${method}`);
  // Promise<FireblocksResponse<X>>
  const promise = decl.type as ts.TypeReferenceNode;
  const inner = promise.typeArguments![0]!;
  const model = ts.isImportTypeNode(inner) ? inner.typeArguments![0]!.getText() : inner.getText();
  return { shape: fromTypeNode(inner, `${apiClass}.${method}`), model };
}

/** The request-parameters interface an SDK method takes (`XApiMethodRequest`), if it takes one. */
export function sdkRequestShape(apiClass: string, method: string): { shape: Shape; model: string } | undefined {
  const cls = declarations(apiClass).find((d) => ts.isClassDeclaration(d.node))?.node as ts.ClassDeclaration | undefined;
  const decl = cls?.members.find((m): m is ts.MethodDeclaration => ts.isMethodDeclaration(m) && m.name.getText() === method);
  const param = decl?.parameters[0]?.type;
  if (!param) return undefined;
  const model = param.getText();
  return { shape: fromTypeNode(param, `${apiClass}.${method}`), model };
}

const describe = (value: unknown) =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'array'
      : typeof value === 'string'
        ? JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)
        : typeof value;

/** Checks a JSON value against a shape; `model` names the shape in messages and extras. */
export function checkShape(value: unknown, shape: Shape, bounds: SdkBounds = {}): CheckResult {
  const result: CheckResult = { errors: [], extras: [], models: new Set() };
  const extras = new Set<string>();
  walk(value, shape, '$', result.errors, extras, result.models, bounds);
  result.extras = [...extras].sort();
  return result;
}

/** Checks a value against the SDK model, enum or interface called `name`. */
export function checkModel(value: unknown, name: string, bounds: SdkBounds = {}): CheckResult {
  return checkShape(value, { kind: 'ref', name }, bounds);
}

/** Flattens object-like shapes (models, intersections of them, unions inside) to alternatives of merged models. */
function alternatives(shape: Shape): Extract<Shape, { kind: 'model' }>[] | undefined {
  const s = resolve(shape);
  if (s.kind === 'model') {
    if (!s.base) return [s];
    // `interface X extends Y`: X's own props over each of the bases'.
    let merged: Extract<Shape, { kind: 'model' }>[] | undefined = [{ kind: 'model', name: s.name, props: s.props, ...(s.index ? { index: s.index } : {}) }];
    for (const b of s.base) merged = product(merged, alternatives(b));
    return merged;
  }
  if (s.kind === 'union') {
    const all = s.of.map(alternatives);
    return all.every(Boolean) ? (all.flat() as Extract<Shape, { kind: 'model' }>[]) : undefined;
  }
  if (s.kind === 'intersection') {
    let merged: Extract<Shape, { kind: 'model' }>[] | undefined = [{ kind: 'model', name: '', props: new Map() }];
    for (const part of s.of) merged = product(merged, alternatives(part));
    return merged;
  }
  return undefined;
}

function product(left: Extract<Shape, { kind: 'model' }>[] | undefined, right: Extract<Shape, { kind: 'model' }>[] | undefined) {
  if (!left || !right) return undefined;
  return left.flatMap((l) =>
    right.map((r) => {
      const props = new Map(r.props);
      // Both parts declare the property: the value must satisfy both.
      for (const [k, v] of l.props) {
        const other = props.get(k);
        props.set(k, other ? { shape: { kind: 'intersection', of: [v.shape, other.shape] }, optional: v.optional && other.optional } : v);
      }
      const name = [l.name, r.name].filter(Boolean).join(' & ');
      return { kind: 'model' as const, name, props, ...(l.index || r.index ? { index: l.index ?? r.index } : {}) };
    }),
  );
}

function walk(value: unknown, shape: Shape, path: string, errors: string[], extras: Set<string>, models: Set<string>, bounds: SdkBounds, owner?: string) {
  const s = resolve(shape);
  const bound = owner ? bounds[owner] : undefined;
  switch (s.kind) {
    case 'any':
      return;
    case 'never':
      errors.push(`${path}: no value is allowed here`);
      return;
    case 'undefined':
      if (value !== undefined && value !== null && value !== '') errors.push(`${path}: expected no body, got ${describe(value)}`);
      return;
    case 'null':
      if (value !== null) errors.push(`${path}: expected null, got ${describe(value)}`);
      return;
    case 'string':
      if (typeof value !== 'string') errors.push(`${path}: expected string, got ${describe(value)}`);
      else checkBound(value.length, bound, path, 'length', errors);
      return;
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) errors.push(`${path}: expected number, got ${describe(value)}`);
      else if (bound && ((bound.minimum !== undefined && value < bound.minimum) || (bound.maximum !== undefined && value > bound.maximum)))
        errors.push(`${path}: ${value} is outside ${bound.minimum ?? '-∞'}..${bound.maximum ?? '∞'}`);
      return;
    case 'boolean':
      if (typeof value !== 'boolean') errors.push(`${path}: expected boolean, got ${describe(value)}`);
      return;
    case 'object':
      if (typeof value !== 'object' || value === null) errors.push(`${path}: expected object, got ${describe(value)}`);
      return;
    case 'literal':
      if (value !== s.value) errors.push(`${path}: expected ${JSON.stringify(s.value)}, got ${describe(value)}`);
      return;
    case 'enum':
      models.add(s.name);
      if (!s.values.includes(value as string)) errors.push(`${path}: ${describe(value)} is not a member of ${s.name} (${s.values.join(', ')})`);
      return;
    case 'array':
      if (!Array.isArray(value)) {
        errors.push(`${path}: expected array, got ${describe(value)}`);
        return;
      }
      checkBound(value.length, bound, path, 'items', errors);
      value.forEach((item, i) => walk(item, s.of, `${path}[${i}]`, errors, extras, models, bounds));
      return;
    case 'record':
      if (typeof value !== 'object' || value === null || Array.isArray(value)) {
        errors.push(`${path}: expected object, got ${describe(value)}`);
        return;
      }
      for (const [k, v] of Object.entries(value)) walk(v, s.of, `${path}.${k}`, errors, extras, models, bounds);
      return;
  }
  // Models, unions, intersections.
  if (s.kind === 'union') {
    const nullable = s.of.some((o) => resolve(o).kind === 'null');
    if (value === null && nullable) return;
    let best: { errors: string[]; extras: Set<string>; models: Set<string> } | undefined;
    for (const variant of s.of) {
      if (resolve(variant).kind === 'null') continue;
      const attempt = { errors: [] as string[], extras: new Set<string>(), models: new Set<string>() };
      walk(value, variant, path, attempt.errors, attempt.extras, attempt.models, bounds, owner);
      if (!best || attempt.errors.length < best.errors.length || (attempt.errors.length === best.errors.length && attempt.extras.size < best.extras.size))
        best = attempt;
    }
    if (!best) return;
    // No variant matches: the nearest one's errors say what is wrong (their paths locate it).
    errors.push(...best.errors);
    best.extras.forEach((e) => extras.add(e));
    best.models.forEach((m) => models.add(m));
    return;
  }
  const alts = alternatives(s);
  if (!alts) {
    // An intersection with a non-object part: every part must hold.
    if (s.kind === 'intersection') for (const part of s.of) walk(value, part, path, errors, extras, models, bounds, owner);
    return;
  }
  if (alts.length > 1) {
    walk(value, { kind: 'union', of: alts }, path, errors, extras, models, bounds, owner);
    return;
  }
  const model = alts[0]!;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    errors.push(`${path}: expected ${model.name || 'object'}, got ${describe(value)}`);
    return;
  }
  for (const part of model.name.split(' & ')) if (part) models.add(part);
  const record = value as Record<string, unknown>;
  for (const [key, prop] of model.props) {
    const present = Object.hasOwn(record, key) && record[key] !== undefined;
    if (!present) {
      if (!prop.optional) errors.push(`${path}.${key}: required by ${model.name} but missing`);
      continue;
    }
    walk(record[key], prop.shape, `${path}.${key}`, errors, extras, models, bounds, ownerOf(model.name, key, bounds));
  }
  for (const key of Object.keys(record)) {
    if (model.props.has(key)) continue;
    if (model.index) walk(record[key], model.index, `${path}.${key}`, errors, extras, models, bounds);
    else extras.add(`${model.name}.${key}`);
  }
}

/** The bounds key of a property: `Model.property`, for whichever part of an intersection has one. */
function ownerOf(modelName: string, key: string, bounds: SdkBounds) {
  return (
    modelName
      .split(' & ')
      .map((m) => `${m}.${key}`)
      .find((k) => bounds[k]) ?? `${modelName}.${key}`
  );
}

function checkBound(size: number, bound: SdkBound | undefined, path: string, what: 'length' | 'items', errors: string[]) {
  if (!bound) return;
  const [min, max] = what === 'length' ? [bound.minLength, bound.maxLength] : [bound.minItems, bound.maxItems];
  if (min !== undefined && size < min) errors.push(`${path}: ${size} ${what === 'length' ? 'characters' : 'items'}, at least ${min} allowed`);
  if (max !== undefined && size > max) errors.push(`${path}: ${size} ${what === 'length' ? 'characters' : 'items'}, at most ${max} allowed`);
}
