import type { Db } from './client';
import { keepPlanOf } from './pglite-statements';

/**
 * A statement built once per database and kept prepared (by name, on each PostgreSQL connection;
 * on PGlite its text is marked so that its plan is kept too, see pglite-statements.ts), for
 * lookups by key on the way of nearly every request: building a drizzle query took more of the
 * process's time than the database took to answer it (a quarter of a session read's profile on
 * PostgreSQL). Called with a transaction, it builds for that transaction.
 */
export function preparedFor<P extends { getQuery(): { sql: string } }>(build: (db: Db) => P): (db: Db) => P {
  const built = new WeakMap<Db, P>();
  return (db) => {
    let statement = built.get(db);
    if (!statement) {
      built.set(db, (statement = build(db)));
      keepPlanOf(statement.getQuery().sql);
    }
    return statement;
  };
}
