import { PGlite, types } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepPlanOf, sentInOneCall } from './pglite-statements';

/** drizzle's PGlite driver reads timestamps as the database writes them: the same options here. */
const DRIZZLE_OPTIONS = { rowMode: 'array' as const, parsers: { [types.TIMESTAMPTZ]: (value: string) => value } };

let raw: PGlite;
let kept: PGlite;
const prepared = async () => Number((await raw.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements')).rows[0]!.n);

beforeAll(async () => {
  raw = await PGlite.create();
  kept = sentInOneCall(raw, 20);
  await raw.exec(`create table t (
    id uuid primary key default gen_random_uuid(), code text unique, amount numeric, doc jsonb, at timestamptz,
    tags text[], raw bytea, big bigint, flag boolean, n int)`);
});
afterAll(() => raw.close());

describe('PGlite with each statement sent in one call', () => {
  it('tells the hook of each statement as it goes out and when its answer is back, a failed one with its error (the metrics and the traces)', async () => {
    const told: { text: string; failed?: boolean }[] = [];
    const hooked = sentInOneCall(raw, 20, (text) => {
      const statement: { text: string; failed?: boolean } = { text };
      told.push(statement);
      return (error) => (statement.failed = error !== undefined);
    });
    await hooked.query('select 1');
    await hooked.query('select $1::int as n', [2]);
    await expect(hooked.query('select * from no_such_table')).rejects.toThrow();
    expect(told).toEqual([
      { text: 'select 1', failed: false },
      { text: 'select $1::int as n', failed: false },
      { text: 'select * from no_such_table', failed: true },
    ]);
  });

  it('answers as PGlite does: every type, both row modes, parameters serialised by their types, counts of changed rows', async () => {
    const insert = `insert into t (code, amount, doc, at, tags, raw, big, flag, n) values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning *`;
    const values = [
      'a',
      '12.500000000000000001',
      { side: 'BUY', nested: [1, 'x'] },
      new Date('2026-11-28T10:00:00Z'),
      ['x', 'y, z', 'q"'],
      new Uint8Array([0, 255, 7]),
      9007199254740993n,
      true,
      42,
    ];
    const ours = await kept.query(insert, values);
    const theirs = await raw.query(insert, ['b', ...values.slice(1)]);
    expect(ours.rows).toHaveLength(1);
    expect({ ...(ours.rows[0] as object), id: 0, code: 0 }).toEqual({ ...(theirs.rows[0] as object), id: 0, code: 0 });
    expect(ours.fields).toEqual(theirs.fields);
    expect(ours.affectedRows).toBe(1);
    const select = 'select * from t where code = any($1::text[]) order by code';
    const mine = await kept.query(select, [['a', 'b']], DRIZZLE_OPTIONS);
    expect(mine.rows).toEqual((await raw.query(select, [['a', 'b']], DRIZZLE_OPTIONS)).rows);
    // The same, prepared by name with its columns described once.
    keepPlanOf(select);
    for (let i = 0; i < 3; i++) expect((await kept.query(select, [['a', 'b']], DRIZZLE_OPTIONS)).rows).toEqual(mine.rows);
    expect(mine.rows[0]).toContain('12.500000000000000001');
    expect(typeof (mine.rows[0] as unknown[])[4]).toBe('string'); // the caller's own parser for timestamptz
    expect((await kept.query('update t set n = n + 1 where flag = $1', [true])).affectedRows).toBe(2);
    expect((await kept.query('select * from t where code = $1', [null])).rows).toEqual([]);
    expect((await kept.query('delete from t where code = $1', ['b'])).affectedRows).toBe(1);
  });

  it('prepares by name only the texts whose plan may be kept, once each, and keeps at most as many texts as asked', async () => {
    await raw.query('deallocate all');
    // Planned with its values every time: never prepared by name.
    for (let i = 0; i < 5; i++) await kept.query('select count(*) from t where code like $1', [`%${i}%`]);
    expect(await prepared()).toBe(0);
    const lookup = 'select n from t where code = $1';
    keepPlanOf(lookup);
    for (let i = 0; i < 8; i++) await kept.query(lookup, ['a']);
    const [plans] = (
      await raw.query<{ custom: number; generic: number }>('select custom_plans::int as custom, generic_plans::int as generic from pg_prepared_statements')
    ).rows;
    // The engine's own choice after five plans with the values: a key lookup's generic plan costs no more.
    expect(plans).toEqual({ custom: 5, generic: 3 });
    const texts = Array.from({ length: 30 }, (_, i) => `select $1::int + ${i} as n`);
    texts.forEach(keepPlanOf);
    for (const [i, text] of texts.entries()) expect((await kept.query<{ n: number }>(text, [1])).rows[0]!.n).toBe(1 + i);
    expect(await prepared()).toBe(20);
    // The lookup was forgotten and closed on the way; asked again, it is prepared again and answers.
    expect((await kept.query<{ n: number }>(lookup, ['a'])).rows).toHaveLength(1);
    expect(await prepared()).toBe(20);
  });

  it('reads the columns of a text planned every time afresh: a table that changed shows as it is now', async () => {
    await raw.exec('create table changing (a int); insert into changing values (1)');
    expect((await kept.query('select * from changing')).rows).toEqual([{ a: 1 }]);
    await raw.exec("alter table changing add column b text default 'x'");
    expect((await kept.query('select * from changing')).rows).toEqual([{ a: 1, b: 'x' }]);
  });

  it('throws what the database says, with the statement, and keeps nothing of a text that fails to prepare', async () => {
    const error = await kept.query('insert into t (code) values ($1)', ['a']).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '23505', constraint: 't_code_key', query: 'insert into t (code) values ($1)' });
    const before = await prepared();
    await expect(kept.query('selec $1', [1])).rejects.toMatchObject({ code: '42601' });
    expect(await prepared()).toBe(before);
    await expect(kept.query('select $1::uuid', ['not a uuid'])).rejects.toMatchObject({ code: '22P02' });
    // The session is usable after each failure.
    expect((await kept.query<{ n: number }>('select count(*)::int as n from t')).rows[0]!.n).toBe(1);
  });

  it('runs inside transactions: a rollback undoes the rows and leaves the statements usable', async () => {
    await kept.transaction(async (tx) => {
      await tx.query('insert into t (code) values ($1)', ['in-tx']);
      expect((await tx.query<{ n: number }>('select count(*)::int as n from t where code = $1', ['in-tx'])).rows[0]!.n).toBe(1);
      await tx.rollback();
      expect(tx.closed).toBe(true);
      await expect(tx.query('select 1')).rejects.toThrow('Transaction is closed');
    });
    expect((await kept.query<{ n: number }>('select count(*)::int as n from t where code = $1', ['in-tx'])).rows[0]!.n).toBe(0);
    const failed = kept.transaction(async (tx) => {
      await tx.query('insert into t (code) values ($1)', ['in-tx']);
      await tx.query('insert into t (code) values ($1)', ['a']); // taken: the transaction fails
    });
    await expect(failed).rejects.toMatchObject({ code: '23505' });
    expect((await kept.query<{ n: number }>('select count(*)::int as n from t where code = $1', ['in-tx'])).rows[0]!.n).toBe(0);
  });

  it('never runs a statement inside another caller’s open transaction: it waits for it to end', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inserted!: () => void;
    const insertedYet = new Promise<void>((resolve) => (inserted = resolve));
    const transaction = kept.transaction(async (tx) => {
      await tx.query('insert into t (code) values ($1)', ['pending']);
      inserted();
      await held;
      await tx.rollback();
    });
    await insertedYet;
    // Several at once, of one text, from outside the transaction.
    const outside = Promise.all(Array.from({ length: 10 }, () => kept.query<{ n: number }>('select count(*)::int as n from t where code = $1', ['pending'])));
    let answered = false;
    void outside.then(() => (answered = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(answered).toBe(false);
    release();
    await transaction;
    // Had any run inside the transaction, it would have seen the row the rollback removed.
    expect((await outside).map((r) => r.rows[0]!.n)).toEqual(Array(10).fill(0));
  });
});
