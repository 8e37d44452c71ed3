import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import { OPENAPI_PATH } from '../../contract/routes/operation';
import type { AppEnv } from './types';

const swaggerDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

// The API reference is rendered by Swagger UI from this package's own files: no CDN, no inline script.
const DOCS_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Asset Ops API reference</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="/docs/swagger-ui.css"><link rel="stylesheet" href="/docs/contrast.css"></head>
<body><main id="swagger-ui"></main>
<script src="/docs/swagger-ui-bundle.js"></script><script src="/docs/init.js"></script></body></html>`;
// Without deep links: Swagger UI puts each operation's link inside the button that opens it, an
// interactive element within another that screen readers cannot announce (axe: nested-interactive).
// Its server picker has no label; the observer gives it one once Swagger UI has drawn it.
const DOCS_INIT = `window.ui = SwaggerUIBundle({ url: '${OPENAPI_PATH}', dom_id: '#swagger-ui', deepLinking: false, tryItOutEnabled: false });
new MutationObserver(() => {
  const servers = document.getElementById('servers');
  if (servers && !servers.hasAttribute('aria-label')) servers.setAttribute('aria-label', 'Server');
}).observe(document.getElementById('swagger-ui'), { childList: true, subtree: true });`;
// Swagger UI's own colours put white on light greens, blues and oranges (contrast 2 to 3.75); these
// darker shades of the same hues reach 4.5:1, the WCAG AA level the console keeps everywhere.
const DOCS_CONTRAST_CSS = `
.swagger-ui .opblock.opblock-get .opblock-summary-method { background: #1a5fa8; }
.swagger-ui .opblock.opblock-post .opblock-summary-method { background: #1e7a4f; }
.swagger-ui .opblock.opblock-put .opblock-summary-method { background: #9a5200; }
.swagger-ui .opblock.opblock-patch .opblock-summary-method { background: #11715c; }
.swagger-ui .opblock.opblock-delete .opblock-summary-method { background: #c01c1c; }
.swagger-ui .opblock.opblock-head .opblock-summary-method { background: #7a3db0; }
.swagger-ui .opblock.opblock-options .opblock-summary-method { background: #1f5673; }
.swagger-ui .opblock.opblock-deprecated { opacity: 1; }
.swagger-ui .opblock.opblock-deprecated .opblock-summary-method { background: #5c5c5c; }
.swagger-ui .opblock.opblock-deprecated .opblock-summary-path, .swagger-ui .opblock.opblock-deprecated .opblock-summary-description { color: #4a4a4a; }
.swagger-ui .info .title small, .swagger-ui .info .title small pre { background: #4a505c; }
.swagger-ui .info .title small.version-stamp { background: #4d6b00; }
.swagger-ui .info .base-url, .swagger-ui .info a, .swagger-ui .info .url { color: #1a5fa8; }
.swagger-ui .btn.authorize { color: #1e7a4f; border-color: #1e7a4f; }
.swagger-ui .btn.authorize svg { fill: #1e7a4f; }
.swagger-ui .json-schema-2020-12-expand-deep-button { color: #4a4a4a; }
`;
const DOCS_FILES: Record<string, string> = { 'swagger-ui.css': 'text/css; charset=utf-8', 'swagger-ui-bundle.js': 'text/javascript; charset=utf-8' };

export function registerDocs(app: Hono<AppEnv>) {
  app.get('/docs', (c) => c.html(DOCS_HTML));
  app.get('/docs/init.js', (c) => c.body(DOCS_INIT, 200, { 'Content-Type': 'text/javascript; charset=utf-8' }));
  app.get('/docs/contrast.css', (c) => c.body(DOCS_CONTRAST_CSS, 200, { 'Content-Type': 'text/css; charset=utf-8' }));
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
