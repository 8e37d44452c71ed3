import { describe, expect, it } from 'vitest';
import { readyLines } from './start-banner';

describe('the start banner', () => {
  it('names the console at PUBLIC_ORIGIN, where passkeys work, and not at the bound IP address', () => {
    const lines = readyLines({
      version: '1.2.3',
      serverUrl: 'http://127.0.0.1:8080',
      publicOrigin: 'http://localhost:8080',
      database: 'pglite',
      readyMs: 812.4,
    });
    const console = lines.find((line) => line.trimStart().startsWith('Console'));
    expect(console).toContain('http://localhost:8080/');
    expect(lines[0]).toBe('Asset Ops 1.2.3 is ready at http://localhost:8080/ (embedded database, ready in 812 ms)');
    expect(lines.filter((line) => line.includes('127.0.0.1')).every((line) => /^\s+API/.test(line))).toBe(true);
  });

  it('names the metrics address when METRICS_PORT is set, and only then', () => {
    const base = { version: '1.2.3', serverUrl: 'http://127.0.0.1:8080', publicOrigin: 'http://localhost:8080', database: 'postgres' as const, readyMs: 5 };
    expect(readyLines(base).some((line) => line.includes('Metrics'))).toBe(false);
    expect(readyLines({ ...base, metricsUrl: 'http://127.0.0.1:9464/metrics' })).toContain(
      '  Metrics        http://127.0.0.1:9464/metrics  (Prometheus; METRICS_PORT, never the public port)',
    );
  });

  it('names the backup folder and schedule when BACKUP_DIR is set', () => {
    const base = { version: '1.2.3', serverUrl: 'http://127.0.0.1:8080', publicOrigin: 'http://localhost:8080', database: 'pglite' as const, readyMs: 5 };
    expect(readyLines(base).some((line) => line.includes('Backups'))).toBe(false);
    expect(readyLines({ ...base, backups: { dir: '/var/backups/asset-ops', intervalMs: 3_600_000, keep: 24 } })).toContain(
      '  Backups        /var/backups/asset-ops  (every 60 min and on SIGUSR2, the newest 24 kept)',
    );
  });
});
