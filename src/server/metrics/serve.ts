import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Config } from '../env';
import type { Logger } from '../logger';
import type { Metrics } from './metrics';

const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * Serves `GET /metrics` on the metrics port (METRICS_PORT, METRICS_HOST), apart from the public
 * port so that a balancer in front of the service never exposes it; with METRICS_TOKEN set, a
 * scrape must send `Authorization: Bearer <token>`. Answers the server and its address.
 */
export async function serveMetrics(settings: NonNullable<Config['metrics']>, metrics: Metrics, logger: Logger) {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found: the metrics are at GET /metrics\n');
      return;
    }
    const auth = req.headers.authorization ?? '';
    if (settings.token && !(auth.startsWith('Bearer ') && sameToken(auth.slice(7), settings.token))) {
      res.writeHead(401, { 'Content-Type': 'text/plain', 'WWW-Authenticate': 'Bearer' }).end('The metrics need the bearer token set in METRICS_TOKEN\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'Content-Type': metrics.registry.contentType, 'Cache-Control': 'no-store' }).end(text),
      (error: unknown) => {
        logger.error({ err: error }, 'metrics scrape failed');
        res.writeHead(500, { 'Content-Type': 'text/plain' }).end('The metrics could not be collected; see the service log\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(settings.port, settings.host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${settings.host.includes(':') ? `[${settings.host}]` : settings.host}:${port}/metrics`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
