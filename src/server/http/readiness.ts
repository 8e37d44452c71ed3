/**
 * What /readyz reports besides the database. The HTTP server listens only once the database is
 * migrated (openServices), so a server that answers has its migrations done; `workers` turns on
 * once the engines and the delivery worker run, `draining` on SIGTERM.
 */
export interface Readiness {
  workers: boolean;
  draining: boolean;
}
