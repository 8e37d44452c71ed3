import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATION_SETS } from '../db/client';
import type { FixtureQuery } from './upgrade-fixtures';

/**
 * The expand/contract check (README, "Upgrades"): during a rolling upgrade the previous release
 * runs on the schema this release's migrations leave, so a migration newer than the previous
 * release may add (tables, nullable columns, columns with a default, indexes) but must not take
 * away or change what the previous release's schema has. It reads each new migration's statements
 * and names those that drop, rename or narrow an object of the previous release's schema, or add a
 * rule its writes may break. A statement reviewed as safe says why in a comment just before it:
 * `-- safe for the previous release: 0.3.0 stopped reading legacy_note`.
 */

/** The previous release's objects in the public schema; columns, triggers and constraints as `table.name`. */
export interface PreviousSchema {
  tables: Set<string>;
  columns: Set<string>;
  indexes: Set<string>;
  functions: Set<string>;
  triggers: Set<string>;
  constraints: Set<string>;
  types: Set<string>;
}

/** Objects an extension made (pg_trgm's functions) are the extension's, not the release's. */
const notOfAnExtension = (oid: string) => `not exists (select 1 from pg_catalog.pg_depend d where d.objid = ${oid} and d.deptype = 'e')`;

const SCHEMA_QUERIES: Record<keyof PreviousSchema, string> = {
  tables: `select table_name as name from information_schema.tables where table_schema = 'public'`,
  columns: `select table_name || '.' || column_name as name from information_schema.columns where table_schema = 'public'`,
  indexes: `select indexname as name from pg_catalog.pg_indexes where schemaname = 'public'`,
  functions: `select p.proname as name from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'public' and ${notOfAnExtension('p.oid')}`,
  triggers: `select c.relname || '.' || t.tgname as name from pg_catalog.pg_trigger t join pg_catalog.pg_class c on c.oid = t.tgrelid
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and not t.tgisinternal`,
  constraints: `select c.relname || '.' || k.conname as name from pg_catalog.pg_constraint k join pg_catalog.pg_class c on c.oid = k.conrelid
    join pg_catalog.pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public'`,
  // Composite types of tables are the tables'; the others (enums, standalone composites, domains) are the release's.
  types: `select t.typname as name from pg_catalog.pg_type t join pg_catalog.pg_namespace n on n.oid = t.typnamespace
    where n.nspname = 'public' and t.typtype in ('c', 'd', 'e') and t.typelem = 0
    and (t.typrelid = 0 or (select relkind from pg_catalog.pg_class where oid = t.typrelid) = 'c') and ${notOfAnExtension('t.oid')}`,
};

/** Reads the schema of a database the previous release left (before this release migrates it). */
export async function previousSchema(query: FixtureQuery): Promise<PreviousSchema> {
  const schema: Partial<PreviousSchema> = {};
  // One query at a time: `query` is one session.
  for (const [key, sql] of Object.entries(SCHEMA_QUERIES)) schema[key as keyof PreviousSchema] = new Set((await query(sql)).map((r) => r.name as string));
  return schema as PreviousSchema;
}

/** The newest migration each set's table records (drizzle applies a migration whose journal time is later). */
export async function appliedMigrations(query: FixtureQuery): Promise<Map<string, number>> {
  const tables = new Set((await query(`select table_name as name from information_schema.tables where table_schema = 'drizzle'`)).map((r) => r.name as string));
  const applied = new Map<string, number>();
  for (const { table } of MIGRATION_SETS) {
    if (!tables.has(table)) continue;
    const [row] = await query(`select coalesce(max(created_at), 0)::text as at from drizzle.${table}`);
    applied.set(table, Number(row!.at));
  }
  return applied;
}

/** This release's migrations that the previous release's database has not applied. */
export function newMigrations(applied: Map<string, number>): { area: string; tag: string; sql: string }[] {
  return MIGRATION_SETS.flatMap(({ area, folder, table }) => {
    const journal = JSON.parse(readFileSync(join(folder, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string; when: number }[] };
    return journal.entries
      .filter((entry) => entry.when > (applied.get(table) ?? -1))
      .map((entry) => ({ area, tag: entry.tag, sql: readFileSync(join(folder, `${entry.tag}.sql`), 'utf8') }));
  });
}

/** A migration's statements, each with the comments written before it or inside it. */
export function statements(text: string): { sql: string; comments: string[] }[] {
  const found: { sql: string; comments: string[] }[] = [];
  let sql = '';
  let comments: string[] = [];
  let i = 0;
  const take = (end: number) => {
    sql += text.slice(i, end);
    i = end;
  };
  while (i < text.length) {
    const rest = text.slice(i, i + 2);
    if (rest === '--') {
      const end = text.indexOf('\n', i) === -1 ? text.length : text.indexOf('\n', i);
      comments.push(text.slice(i + 2, end).trim());
      i = end;
    } else if (rest === '/*') {
      const end = text.indexOf('*/', i);
      i = end === -1 ? text.length : end + 2;
    } else if (text[i] === "'" || text[i] === '"') {
      // A quoted string or identifier; a doubled quote inside is the quote itself.
      let end = i + 1;
      while (end < text.length && !(text[end] === text[i] && text[end + 1] !== text[i])) end += text[end] === text[i] ? 2 : 1;
      take(end + 1);
    } else if (text[i] === '$' && /^\$(?:[A-Za-z_]\w*)?\$/.test(text.slice(i))) {
      const tag = /^\$(?:[A-Za-z_]\w*)?\$/.exec(text.slice(i))![0];
      const end = text.indexOf(tag, i + tag.length);
      take(end === -1 ? text.length : end + tag.length);
    } else if (text[i] === ';') {
      if (sql.trim()) found.push({ sql: sql.trim(), comments });
      sql = '';
      comments = [];
      i += 1;
    } else {
      take(i + 1);
    }
  }
  if (sql.trim()) found.push({ sql: sql.trim(), comments });
  return found;
}

const SAFE_MARK = /^safe for the previous release:\s*\S/i;
const ID = String.raw`([\w$]+)`;
const IDS = String.raw`([\w$]+(?:\s*,\s*[\w$]+)*)`;
const list = (names: string) => names.split(',').map((n) => n.trim());

/** Splits `a, b (c, d), e` at the commas outside parentheses. */
function actions(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '(') depth += 1;
    else if (text[i] === ')') depth -= 1;
    else if (text[i] === ',' && depth === 0) {
      parts.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(text.slice(start).trim());
  return parts;
}

function alterTable(table: string, action: string, previous: PreviousSchema): string | undefined {
  const match = (pattern: string) => new RegExp(`^${pattern}`, 'i').exec(action);
  const column = (name: string) => previous.columns.has(`${table}.${name}`);
  let m: RegExpExecArray | null;
  if (match('RENAME TO ')) return `renames table ${table}`;
  if ((m = match(`RENAME CONSTRAINT ${ID} TO `))) return previous.constraints.has(`${table}.${m[1]}`) ? `renames constraint ${table}.${m[1]}` : undefined;
  if ((m = match(`RENAME (?:COLUMN )?${ID} TO `))) return column(m[1]!) ? `renames column ${table}.${m[1]}` : undefined;
  if ((m = match(`DROP CONSTRAINT (?:IF EXISTS )?${ID}`)))
    return previous.constraints.has(`${table}.${m[1]}`) ? `drops constraint ${table}.${m[1]}` : undefined;
  if ((m = match(`DROP (?:COLUMN )?(?:IF EXISTS )?${ID}`))) return column(m[1]!) ? `drops column ${table}.${m[1]}` : undefined;
  if ((m = match(`ALTER (?:COLUMN )?${ID} (?:SET DATA )?TYPE `))) return column(m[1]!) ? `changes the type of ${table}.${m[1]}` : undefined;
  if ((m = match(`ALTER (?:COLUMN )?${ID} SET NOT NULL`))) return column(m[1]!) ? `makes ${table}.${m[1]} NOT NULL` : undefined;
  if ((m = match(`ALTER (?:COLUMN )?${ID} DROP DEFAULT`))) return column(m[1]!) ? `drops the default of ${table}.${m[1]}` : undefined;
  if ((m = match(String.raw`ADD (?:CONSTRAINT ${ID} )?FOREIGN KEY \(([^)]*)\)`))) {
    return list(m[2]!).some(column) ? `adds a foreign key on ${table}(${m[2]}), which the previous release writes` : undefined;
  }
  if (match(`ADD (?:CONSTRAINT ${ID} )?(?:PRIMARY KEY|UNIQUE|CHECK|EXCLUDE)`))
    return `adds a constraint to ${table}, which the previous release's writes may break`;
  if ((m = match(`ADD (?:COLUMN )?(?:IF NOT EXISTS )?${ID} (.*)$`))) {
    const definition = m[2]!;
    return /\bNOT NULL\b/i.test(definition) && !/\b(?:DEFAULT|GENERATED)\b/i.test(definition)
      ? `adds ${table}.${m[1]} NOT NULL without a default, which the previous release's inserts leave out`
      : undefined;
  }
  return undefined;
}

/** What in one statement would break the previous release. */
function breaking(statement: string, previous: PreviousSchema): string[] {
  const text = statement
    .replace(/\s+/g, ' ')
    .replaceAll('"', '')
    .replace(/\bpublic\./gi, '');
  const match = (pattern: string) => new RegExp(`^${pattern}`, 'i').exec(text);
  let m: RegExpExecArray | null;
  const named = (names: string, set: Set<string>, what: string) =>
    list(names)
      .filter((n) => set.has(n))
      .map((n) => `${what} ${n}`);
  if ((m = match(`DROP (?:TABLE|VIEW|MATERIALIZED VIEW) (?:IF EXISTS )?${IDS}`))) return named(m[1]!, previous.tables, 'drops table');
  if ((m = match(`TRUNCATE (?:TABLE )?(?:ONLY )?${IDS}`))) return named(m[1]!, previous.tables, 'empties table');
  if ((m = match(`DROP INDEX (?:CONCURRENTLY )?(?:IF EXISTS )?${IDS}`))) return named(m[1]!, previous.indexes, 'drops index');
  if ((m = match(`DROP TYPE (?:IF EXISTS )?${IDS}`))) return named(m[1]!, previous.types, 'drops type');
  if ((m = match(`DROP (?:FUNCTION|PROCEDURE) (?:IF EXISTS )?${ID}`))) return named(m[1]!, previous.functions, 'drops function');
  if ((m = match(`CREATE OR REPLACE FUNCTION ${ID}`))) return named(m[1]!, previous.functions, 'replaces function');
  if ((m = match(`DROP TRIGGER (?:IF EXISTS )?${ID} ON (?:ONLY )?${ID}`))) {
    return previous.triggers.has(`${m[2]}.${m[1]}`) ? [`drops trigger ${m[1]} on ${m[2]}`] : [];
  }
  if ((m = match(`CREATE OR REPLACE TRIGGER ${ID} .* ON (?:ONLY )?${ID}`))) {
    return previous.triggers.has(`${m[2]}.${m[1]}`) ? [`replaces trigger ${m[1]} on ${m[2]}`] : [];
  }
  if ((m = match(`CREATE UNIQUE INDEX (?:CONCURRENTLY )?(?:IF NOT EXISTS )?(?:${ID} )?ON (?:ONLY )?${ID}`))) {
    return previous.tables.has(m[2]!) ? [`adds a unique index on ${m[2]}, which the previous release's writes may break`] : [];
  }
  if ((m = match(`ALTER TABLE (?:IF EXISTS )?(?:ONLY )?${ID} (.*)$`)) && previous.tables.has(m[1]!)) {
    const table = m[1]!;
    return actions(m[2]!).flatMap((action) => alterTable(table, action, previous) ?? []);
  }
  return [];
}

/** The statements of a migration that would break the previous release, each with what it does. */
export function breakingStatements(migration: string, previous: PreviousSchema): string[] {
  return statements(migration)
    .filter((s) => !s.comments.some((c) => SAFE_MARK.test(c)))
    .flatMap((s) => breaking(s.sql, previous).map((what) => `${what}: ${s.sql.replace(/\s+/g, ' ').slice(0, 160)}`));
}
