import type { SQL } from 'drizzle-orm';
import type { Db } from './db-type';

/** Runs raw SQL and answers its rows: both drivers (PGlite, node-postgres) answer execute() with { rows }. */
export const queryRows = async <T>(db: Db, query: SQL): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;
