import { PGlite } from '@electric-sql/pglite';
import { eq, type SQL } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './client';
import { keysetPage, type TimePosition } from './keyset';

const items = pgTable('items', {
  id: uuid('id').primaryKey(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  kind: text('kind').notNull(),
});
const keys = { time: items.createdAt, id: items.id };

// Several rows share a time, so a page that ends inside a tie must go on by id.
const at = (second: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, second));
const ROWS = [0, 0, 1, 1, 1, 2, 3, 3].map((second, n) => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  createdAt: at(second),
  kind: n % 2 === 0 ? 'even' : 'odd',
}));
const IDS = ROWS.map((row) => row.id);

let client: PGlite;
let db: Db;

beforeAll(async () => {
  client = await PGlite.create();
  db = drizzle(client) as unknown as Db;
  await client.exec('create table items (id uuid primary key, created_at timestamptz not null, kind text not null)');
  // Inserted out of order: the order is the query's, not the table's.
  await db.insert(items).values([...ROWS].reverse());
});
afterAll(() => client.close());

const positionOf = (row: { createdAt: Date; id: string }): TimePosition => ({ t: row.createdAt.getTime(), id: row.id });

/** Every page of the list, following each page's last row, as the lists' cursors do. */
async function allPages(order: 'ASC' | 'DESC', limit: number, where: SQL[] = []) {
  const pages: string[][] = [];
  let from: TimePosition | undefined;
  for (;;) {
    const page = await keysetPage(db, items, keys, where, order, limit, from && { position: from });
    pages.push(page.rows.map((row) => row.id));
    if (!page.more) return pages;
    from = positionOf(page.rows.at(-1)!);
  }
}

describe('keyset pages on (time, id)', () => {
  it('pages through every row once, in order, across ties of time', async () => {
    expect(await allPages('ASC', 3)).toEqual([IDS.slice(0, 3), IDS.slice(3, 6), IDS.slice(6)]);
    expect(await allPages('DESC', 3)).toEqual([[...IDS].reverse().slice(0, 3), [...IDS].reverse().slice(3, 6), [...IDS].reverse().slice(6)]);
  });

  it('says there is more only when a row lies beyond the page', async () => {
    expect((await keysetPage(db, items, keys, [], 'ASC', 8)).more).toBe(false);
    expect((await keysetPage(db, items, keys, [], 'ASC', 7)).more).toBe(true);
  });

  it('keeps to the caller’s conditions', async () => {
    expect((await allPages('ASC', 2, [eq(items.kind, 'odd')])).flat()).toEqual(IDS.filter((_, n) => n % 2 === 1));
  });

  it('goes backwards from a position: the rows just before it, in the list’s order', async () => {
    const position = positionOf(ROWS[5]!);
    const before = await keysetPage(db, items, keys, [], 'ASC', 3, { position, backwards: true });
    expect(before).toEqual({ rows: ROWS.slice(2, 5), more: true });
    const first = await keysetPage(db, items, keys, [], 'ASC', 3, { position: positionOf(ROWS[2]!), backwards: true });
    expect(first).toEqual({ rows: ROWS.slice(0, 2), more: false });
    const descending = await keysetPage(db, items, keys, [], 'DESC', 2, { position, backwards: true });
    expect(descending.rows.map((row) => row.id)).toEqual([IDS[7], IDS[6]]);
  });
});
