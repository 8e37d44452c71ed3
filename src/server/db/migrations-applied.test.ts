import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATION_SETS, migrationsApplied } from './client';

describe('migrationsApplied, which lets a start skip the migrator', () => {
  let client: PGlite;
  const dir = mkdtempSync(join(tmpdir(), 'ao-migrations-applied-'));
  beforeAll(async () => {
    client = await PGlite.create({ extensions: { pg_trgm } });
  });
  afterAll(async () => {
    await client.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('is false on a new database, true once every set is migrated, and false again when a set gains a migration', async () => {
    expect(await migrationsApplied(client)).toBe(false);
    for (const set of MIGRATION_SETS) await migrate(drizzle(client), { migrationsFolder: set.folder, migrationsTable: set.table });
    expect(await migrationsApplied(client)).toBe(true);

    // The same sets, the last one with a migration written after everything applied.
    const last = MIGRATION_SETS.at(-1)!;
    const folder = join(dir, 'last');
    cpSync(last.folder, folder, { recursive: true });
    const journalFile = join(folder, 'meta/_journal.json');
    const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number; when: number; tag: string }[] };
    const newest = journal.entries.at(-1)!;
    journal.entries.push({ ...newest, idx: newest.idx + 1, when: newest.when + 1, tag: `${newest.tag}_next` });
    writeFileSync(journalFile, JSON.stringify(journal));
    expect(await migrationsApplied(client, [...MIGRATION_SETS.slice(0, -1), { ...last, folder }])).toBe(false);
    // A set whose table does not exist yet (a new area): false, and the migrator makes it.
    expect(await migrationsApplied(client, [...MIGRATION_SETS, { folder: last.folder, table: '__drizzle_migrations_new_area' }])).toBe(false);
  });
});
