// Whether a build is older than its sources: `npm start` rebuilds the console and the service
// only when one of their sources changed since the last build.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

/** The build's modification time, 0 when it is missing, or null when it is newer than every source. */
export function staleBuild(root, built, sources) {
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  return builtAt >= Math.max(...sources.map((source) => newest(join(root, source)))) ? null : builtAt;
}
