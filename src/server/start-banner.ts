interface Started {
  /** The release's version (package.json). */
  version: string;
  /** Where the service listens, as bound (e.g. http://127.0.0.1:8080). */
  serverUrl: string;
  /** PUBLIC_ORIGIN: the console's address, and the only one passkeys work at. */
  publicOrigin: string;
  database: 'pglite' | 'postgres';
  readyMs: number;
  /** Where the Prometheus metrics are served, when METRICS_PORT is set. */
  metricsUrl?: string | undefined;
  /** The scheduled backups, when BACKUP_DIR is set. */
  backups?: { dir: string; intervalMs: number; keep: number } | undefined;
}

/**
 * The start banner's addresses. The console is named at PUBLIC_ORIGIN (http://localhost:PORT by
 * default), not at the bound address: passkeys belong to that origin and a browser refuses them at
 * 127.0.0.1, so the address printed is the one where everything of the console works.
 */
export function readyLines({ version, serverUrl, publicOrigin, database, readyMs, metricsUrl, backups }: Started): string[] {
  const lines = [
    `Asset Ops ${version} is ready at ${publicOrigin}/ (${database === 'pglite' ? 'embedded database' : 'PostgreSQL'}, ready in ${Math.round(readyMs)} ms)`,
    `  Console        ${publicOrigin}/  (PUBLIC_ORIGIN: passkeys work only at this address)`,
    `  API            ${serverUrl}/v1`,
    `  API reference  ${serverUrl}/docs  (OpenAPI document: ${serverUrl}/v1/openapi.json)`,
  ];
  if (metricsUrl) lines.push(`  Metrics        ${metricsUrl}  (Prometheus; METRICS_PORT, never the public port)`);
  if (backups) {
    lines.push(`  Backups        ${backups.dir}  (every ${backups.intervalMs / 60_000} min and on SIGUSR2, the newest ${backups.keep} kept)`);
  }
  return lines;
}
