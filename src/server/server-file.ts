/**
 * Files the service reads at run time (migrations, shipped data, logos), named by their path under
 * src/server. In the source tree this module is src/server/server-file.ts; in the release build
 * (`npm run build`) it is bundled into dist/server/main.js or cli.js, and the build copies those
 * files to the same paths under dist/server. Either way they sit beside the running module's
 * folder, so one lookup serves both without knowing which it is.
 */
const root = new URL('.', import.meta.url);

export function serverFile(path: string): URL {
  return new URL(path, root);
}
