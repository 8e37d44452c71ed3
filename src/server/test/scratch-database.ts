import { randomUUID } from 'node:crypto';
import pg from 'pg';

/**
 * A database of its own on a PostgreSQL server, for one test file, suite or benchmark run: `url`
 * names it, `create` makes it (empty, or as a copy of the database `template` names), `drop`
 * removes it (ending any session still on it).
 */
export function scratchDatabase(serverUrl: string, prefix: string) {
  const name = `${prefix}${randomUUID().replaceAll('-', '')}`;
  const onServer = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  return {
    // Read when used, not when made: a skipped suite (no PostgreSQL configured) still makes its helpers while collecting.
    get url() {
      return Object.assign(new URL(serverUrl), { pathname: `/${name}` }).toString();
    },
    name,
    // A copy of files rather than of WAL records (PostgreSQL 15's default): on a test server, which
    // runs without fsync, the copy is the cheaper of the two.
    create: (template?: string) => onServer(template ? `create database ${name} template ${template} strategy file_copy` : `create database ${name}`),
    drop: () => onServer(`drop database if exists ${name} with (force)`),
  };
}
