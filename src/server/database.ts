import { openMigratedDatabase, type Database, type DatabaseTarget } from './db/client';
import type { StatementHook } from './db/pglite-statements';
import { syncShippedCatalogue } from './features/catalogue/shipped';
import type { Logger } from './logger';

/**
 * Opens the service's database: its schema brought up to date (db/client.ts), then the data that
 * ships with the service and lives in the database (each sync a no-op when current). The areas own
 * that data and db/ imports no area, so it is synced here.
 */
export async function openDatabase(target: DatabaseTarget, logger?: Logger, onStatement?: StatementHook): Promise<Database> {
  const database = await openMigratedDatabase(target, logger, onStatement);
  try {
    await syncShippedCatalogue(database.db);
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}
