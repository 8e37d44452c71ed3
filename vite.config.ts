import { readFile, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import react from '@vitejs/plugin-react';
import ts from 'typescript';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * Writes a Brotli and a gzip copy beside every script, style sheet and page of the build, which the
 * service sends to browsers that accept them (serveStatic's `precompressed`): compressing once at
 * build time, at the highest levels, costs the service nothing per request.
 */
function precompress(): Plugin {
  return {
    name: 'asset-ops:precompress',
    apply: 'build',
    async writeBundle({ dir }, bundle) {
      const files = Object.keys(bundle).filter((file) => /\.(js|css|html)$/.test(file));
      await Promise.all(
        files.map(async (file) => {
          const path = join(dir ?? '', file);
          const content = await readFile(path);
          const params = { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length };
          await writeFile(`${path}.br`, await promisify(brotliCompress)(content, { params }));
          await writeFile(`${path}.gz`, await promisify(gzip)(content, { level: 9 }));
        }),
      );
    },
  };
}

/** What the console reads of an operation's definition (src/contract/routes) and of each of its answers (web/lib/api.ts). */
const CONSOLE_READS = { definition: new Set(['method', 'path', 'responses']), answer: new Set(['schema']) };

/**
 * Leaves out of the console's build what only the service reads of the operations' definitions:
 * the documentation (tags, summary, descriptions), the guard's part (id, roles, rate category,
 * idempotency: the console reads the roles from the generated table) and the request's schemas
 * (which type the console's calls; the service checks them). A page imports the definitions
 * it calls for their paths and schemas, and carries no more of them (about 4 KB of the order pages).
 * The call of defineOperation goes too, leaving the object; the call of an area's constructor
 * (`get`, `post`, … of routes/operation.ts) becomes the object it makes, of what the console reads.
 */
function withoutOperationDocs(): Plugin {
  const constructors = new Set(['get', 'post', 'put', 'patch', 'delete']);
  const isDefinition = (node: ts.Node): node is ts.CallExpression =>
    ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'defineOperation';
  const isArea = (declaration: ts.VariableDeclaration) =>
    !!declaration.initializer &&
    ts.isCallExpression(declaration.initializer) &&
    ts.isIdentifier(declaration.initializer.expression) &&
    declaration.initializer.expression.text === 'area';
  /** The status of an answer stated by a constructor (`200: […]`), or nothing for another property. */
  const statusOf = (property: ts.ObjectLiteralElementLike) =>
    ts.isPropertyAssignment(property) && ts.isNumericLiteral(property.name) ? property.name.text : undefined;
  return {
    name: 'asset-ops:without-operation-docs',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!/[\\/]src[\\/]contract[\\/]routes[\\/][\w-]+\.ts$/.test(id)) return null;
      const file = ts.createSourceFile(id, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
      const text = (node: ts.Node) => code.slice(node.getStart(file), node.end);
      // Each cut replaces a span of the code (by nothing, mostly).
      const cuts: [number, number, string][] = [];
      /** What the console reads of `object`: `keep`, but nothing of an answer that is not JSON (the live stream), which it reads itself. */
      const readOf = (object: ts.ObjectLiteralExpression, keep: Set<string>) =>
        object.properties.some((p) => p.name && ts.isIdentifier(p.name) && p.name.text === 'contentType') ? new Set<string>() : keep;
      const cut = (object: ts.Node, keep: Set<string>) => {
        if (!ts.isObjectLiteralExpression(object)) return;
        const read = readOf(object, keep);
        for (const property of object.properties) {
          if (!property.name || !ts.isIdentifier(property.name) || read.has(property.name.text)) continue;
          const comma = /^\s*,/.exec(code.slice(property.end));
          cuts.push([property.getStart(file), property.end + (comma ? comma[0].length : 0), '']);
        }
      };
      /** An answer as the console reads it (its schema), from its short form or its object. */
      const answer = (stated: ts.Expression) => {
        if (ts.isArrayLiteralExpression(stated)) return stated.elements[1] ? `{ schema: ${text(stated.elements[1])} }` : '{}';
        if (!ts.isObjectLiteralExpression(stated)) throw new Error(`${id}: an answer is stated in short or as an object (${text(stated)})`);
        const read = readOf(stated, CONSOLE_READS.answer);
        const kept = stated.properties.filter((p) => ts.isPropertyAssignment(p) && ts.isIdentifier(p.name) && read.has(p.name.text));
        return `{ ${kept.map(text).join(', ')} }`;
      };
      const areas = new Set<string>();
      const visit = (node: ts.Node) => {
        // The area goes with its constructors' calls: left to the bundler, its module stayed imported for its side effects.
        if (ts.isVariableStatement(node) && node.declarationList.declarations.every(isArea)) {
          for (const declaration of node.declarationList.declarations) if (ts.isIdentifier(declaration.name)) areas.add(declaration.name.text);
          cuts.push([node.getStart(file), node.end, '']);
          return;
        }
        if (
          ts.isCallExpression(node) &&
          ts.isPropertyAccessExpression(node.expression) &&
          ts.isIdentifier(node.expression.expression) &&
          areas.has(node.expression.expression.text) &&
          constructors.has(node.expression.name.text)
        ) {
          const [, path, , own] = node.arguments;
          if (!path || !own || !ts.isObjectLiteralExpression(own)) throw new Error(`${id}: a constructor's call is (id, path, summary, { … })`);
          const answers = own.properties.flatMap((p) => {
            const status = statusOf(p);
            return status && ts.isPropertyAssignment(p) ? [`${status}: ${answer(p.initializer)}`] : [];
          });
          cuts.push([node.getStart(file), node.end, `{ method: '${node.expression.name.text}', path: ${text(path)}, responses: { ${answers.join(', ')} } }`]);
          return;
        }
        if (isDefinition(node) && node.arguments[0] && ts.isObjectLiteralExpression(node.arguments[0])) {
          const definition = node.arguments[0];
          // The object itself, without the call: nothing then keeps an unused definition in a page.
          cuts.push([node.expression.getStart(file), node.expression.end, '']);
          cut(definition, CONSOLE_READS.definition);
          for (const property of definition.properties) {
            if (
              ts.isPropertyAssignment(property) &&
              ts.isIdentifier(property.name) &&
              property.name.text === 'responses' &&
              ts.isObjectLiteralExpression(property.initializer)
            ) {
              for (const answer of property.initializer.properties) if (ts.isPropertyAssignment(answer)) cut(answer.initializer, CONSOLE_READS.answer);
            }
          }
        }
        ts.forEachChild(node, visit);
      };
      visit(file);
      let out = code;
      for (const [start, end, text] of cuts.sort((a, b) => b[0] - a[0])) out = out.slice(0, start) + text + out.slice(end);
      return { code: out, map: null };
    },
  };
}

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? '8080'}`;

export default defineConfig(({ mode }) => ({
  plugins: [react(), withoutOperationDocs(), precompress()],
  resolve: {
    // react-router 7's package exports name only its development build (upstream issue
    // remix-run/react-router#14102); production builds take the production one, without dev checks.
    alias:
      mode === 'production'
        ? [
            { find: /^react-router$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)) },
            { find: /^react-router\/dom$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/dom-export.mjs', import.meta.url)) },
          ]
        : [],
  },
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Chunk names' hashes in hex: every import of a chunk names it, and a hex hash (4 bits a
        // character) compresses smaller than base64's (6 bits): 290 bytes of gzip less on the order
        // builder's first screen (42 chunks, each naming a dozen others), measured.
        hashCharacters: 'hex',
        // Fewer, larger chunks for the signed-in screens. Split module by module, a first screen
        // was 85 scripts of 0.1 to 7 KB, and over HTTP/1.1 (six connections to a host) the page's
        // own chunk waited behind the shell's small ones: Lighthouse's LCP was about 1.5 s on the
        // audit log and the asset list. The groups take:
        codeSplitting: {
          groups: [
            // what the entry runs (the sign-in screen): it stays one chunk of its own, so no group
            // below pulls the rest of the console into the sign-in screen;
            { name: 'initial', tags: ['$initial'], priority: 2 },
            // Mantine's components used by three screens or more, in one chunk (with what they
            // import), which compresses better than forty: each signed-in screen loads fewer bytes;
            { name: 'mantine', test: /@mantine[\\/]core[\\/]esm[\\/]components[\\/]/, minShareCount: 3, priority: 1 },
            // the icons used by two screens or more (a few hundred bytes each).
            { name: 'icons', test: /@tabler[\\/]icons-react[\\/]/, minShareCount: 2, priority: 1 },
          ],
        },
      },
    },
  },
  // /.well-known for the JWKS: the console checks the audit log's tree heads with the key published there.
  server: { proxy: { '/v1': apiTarget, '/docs': apiTarget, '/.well-known': apiTarget } },
  test: {
    // At least two test files at a time, even on two cores: most of a file's time is spent waiting
    // (on the database, on engines' steps, on scrypt in the thread pool), so the default of one
    // worker per spare core left half of a two-core machine idle and CI ran the files one by one.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // The files a worker runs share their modules instead of evaluating the service, React, Mantine
    // and the console again for each: measured on this machine, the server project took 618 s of
    // CPU instead of about 950 s and the console's 399 s instead of 725 s. Each file still opens its
    // own database or service and gets its own jsdom; what outlives a test is emptied after it (a
    // rendered tree and the notifications in src/web/test/setup.ts, databases by their files).
    isolate: false,
    globalSetup: ['src/server/test/database-image.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['src/server/**/*.test.ts', 'src/contract/**/*.test.ts', 'src/cli/**/*.test.ts'],
          setupFiles: ['src/server/test/setup.ts'],
          globalSetup: ['src/server/test/service-bundle.ts', 'src/server/test/cli-bundle.ts'],
          // Bounds for a test that never ends, not measures of speed, as the component tests' below:
          // with 60 s, the abuse test's flood (1,280 requests on two instances, 24 s beside one other
          // suite) timed out while `.ci/run` shared the two cores with two series of runs in a row.
          testTimeout: 300_000,
          hookTimeout: 240_000,
        },
      },
      {
        extends: true,
        test: {
          // The console's logic (.test.ts) runs in node: in jsdom it took three times as long, nine
          // tenths of it jsdom's set-up. A file that needs the browser's storage or events states
          // jsdom itself (// @vitest-environment jsdom).
          name: 'web-logic',
          environment: 'node',
          include: ['src/web/**/*.test.ts'],
          setupFiles: ['src/web/test/setup.ts'],
          // As the server's: vitest's 5 s default failed CI on an RSA-4096 key generation (its time
          // is a random search for primes, and the machine was loaded).
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/web/**/*.test.tsx'],
          setupFiles: ['src/web/test/setup.ts'],
          globalSetup: ['src/web/test/real-service-bundle.ts'],
          // Several waits of up to 60 s each (src/web/test/setup.ts) fit in one test; a file's real
          // service (src/web/test/real-service.ts) took over 60 s to start with the machine's load at 10.
          testTimeout: 300_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
}));
