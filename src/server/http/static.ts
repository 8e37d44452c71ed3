import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import type { AppEnv } from './types';

const swaggerDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

// The API reference is rendered by Swagger UI from this package's own files: no CDN, no inline script.
const DOCS_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Asset Ops API reference</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/docs/swagger-ui.css"></head>
<body><main id="swagger-ui"></main>
<script src="/docs/swagger-ui-bundle.js"></script><script src="/docs/init.js"></script></body></html>`;
const DOCS_INIT = `window.ui = SwaggerUIBundle({ url: '/v1/openapi.json', dom_id: '#swagger-ui', deepLinking: true, tryItOutEnabled: false });`;
const DOCS_FILES: Record<string, string> = { 'swagger-ui.css': 'text/css; charset=utf-8', 'swagger-ui-bundle.js': 'text/javascript; charset=utf-8' };

export function registerDocs(app: Hono<AppEnv>) {
  app.get('/docs', (c) => c.html(DOCS_HTML));
  app.get('/docs/init.js', (c) => c.body(DOCS_INIT, 200, { 'Content-Type': 'text/javascript; charset=utf-8' }));
  app.get('/docs/:file', async (c) => {
    const file = c.req.param('file');
    const type = DOCS_FILES[file];
    if (!type) return c.notFound();
    return c.body(await readFile(join(swaggerDir, file)), 200, { 'Content-Type': type, 'Cache-Control': 'public, max-age=86400' });
  });
}

const NOT_BUILT_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Asset Ops</title></head>
<body><main><h1>The console has not been built</h1><p>Run <code>npm run build</code> (or start with <code>npm start</code>, which builds it) and reload. The API is available under <a href="/docs">/docs</a>.</p></main></body></html>`;

/** Serves the built console; any other path that is not the API falls back to index.html (client routing). */
export function registerConsole(app: Hono<AppEnv>, consoleDir: string) {
  if (!existsSync(join(consoleDir, 'index.html'))) {
    app.get('*', (c) => c.html(NOT_BUILT_HTML, 503));
    return;
  }
  const root = relative(process.cwd(), consoleDir) || '.';
  app.use(
    '/assets/*',
    serveStatic({
      root,
      precompressed: true,
      onFound: (_path, c) => {
        // Vite puts a content hash in every asset name, so a file never changes under its name.
        c.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  // The build writes .br and .gz copies of its scripts, styles and page (vite.config.ts).
  app.use('*', serveStatic({ root, precompressed: true }));
  app.get('*', serveStatic({ root, path: 'index.html', precompressed: true, onFound: (_p, c) => void c.header('Cache-Control', 'no-cache') }));
}
