import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

/**
 * The one database type the stores see, whichever engine is behind it. A file of its own, so that
 * what client.ts opens the database with (notices, advisory locks) can name it without importing
 * client.ts back.
 */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
