import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The docs (README.md and docs/*.md) name files, npm scripts, operator commands and each other's
// sections. Code moves and sections are renamed; this keeps every name they give pointing at
// something that exists, so a reader never follows a path into nothing.

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const DOCS = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
const text = (file: string) => readFileSync(join(ROOT, file), 'utf8');

/**
 * A path into the repository as the docs write it: from one of the folders below, not preceded by
 * another path's characters (so `../shared/…` and the `/docs` URL are not taken for ours). It ends
 * at the first character a path here does not use, which drops a `:line` or `#anchor` suffix.
 */
const REPO_PATH = /(?<![\w./~-])((?:src|scripts|e2e|ops|bench|fleet|docs|\.ci)\/[\w./*<>-]*)/g;

/** Whether a path exists; `*` and a placeholder like `<area>` match any one name of a segment. */
function pathExists(path: string): boolean {
  const segments = path
    .replace(/<[^>]*>/g, '*')
    .split('/')
    .filter(Boolean);
  const walk = (dir: string, rest: string[]): boolean => {
    const [segment, ...more] = rest;
    if (segment === undefined) return true;
    if (!segment.includes('*')) return existsSync(join(dir, segment)) && walk(join(dir, segment), more);
    if (!existsSync(dir) || !statSync(dir).isDirectory()) return false;
    const pattern = new RegExp(`^${segment.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`);
    return readdirSync(dir).some((name) => pattern.test(name) && walk(join(dir, name), more));
  };
  return walk(ROOT, segments);
}

/** The paths a doc names, without the sentence's trailing punctuation. */
const pathsIn = (doc: string) => [...doc.matchAll(REPO_PATH)].map((match) => match[1]!.replace(/[.]+$/, ''));

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

/** Every anchor of a doc's headings, outside code blocks; a repeated heading gets `-1`, `-2`, … */
function anchorsOf(doc: string): Set<string> {
  const anchors = new Set<string>();
  let fenced = false;
  for (const line of doc.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = fenced ? null : /^#{1,6} (.*)$/.exec(line);
    if (!heading) continue;
    const base = slug(heading[1]!);
    let anchor = base;
    for (let n = 1; anchors.has(anchor); n++) anchor = `${base}-${n}`;
    anchors.add(anchor);
  }
  return anchors;
}

describe('the docs', () => {
  const docs = DOCS.map((file) => ({ file, body: text(file) }));

  it('name only code paths that exist', () => {
    const missing = docs.flatMap(({ file, body }) =>
      pathsIn(body)
        .filter((path) => !pathExists(path))
        .map((path) => `${file}: ${path}`),
    );
    expect(missing).toEqual([]);
  });

  it('run only npm scripts that package.json has, and operator commands the CLI lists', () => {
    const scripts = Object.keys((JSON.parse(text('package.json')) as { scripts: Record<string, string> }).scripts);
    const usage = text('src/cli/main.ts');
    const unknown = docs.flatMap(({ file, body }) => [
      ...[...body.matchAll(/\bnpm (?:run (\S+)|(start|test)\b)/g)]
        .map((match) => (match[1] ?? match[2])!.replace(/[`.,;:)]+$/, ''))
        .filter((script) => !scripts.includes(script))
        .map((script) => `${file}: npm run ${script}`),
      ...[...body.matchAll(/npm run cli -- ([a-z-]+ [a-z-]+)/g)]
        .filter((match) => !usage.includes(`npm run cli -- ${match[1]}`))
        .map((match) => `${file}: npm run cli -- ${match[1]}`),
    ]);
    expect(unknown).toEqual([]);
  });

  it('link only to files and sections that exist', () => {
    const broken = docs.flatMap(({ file, body }) =>
      [...body.matchAll(/\]\(([^)\s]+)\)/g)]
        .map((match) => match[1]!)
        .filter((target) => !/^[a-z]+:/.test(target))
        .filter((target) => {
          const [path = '', anchor] = target.split('#');
          const linked = path === '' ? file : relative(ROOT, join(ROOT, dirname(file), path));
          if (!existsSync(join(ROOT, linked))) return true;
          return anchor !== undefined && linked.endsWith('.md') && !anchorsOf(text(linked)).has(anchor);
        })
        .map((target) => `${file}: ${target}`),
    );
    expect(broken).toEqual([]);
  });

  it('find paths, anchors and scripts as the docs write them (the checks above see what they check)', () => {
    expect(pathsIn('see `src/server/app.ts:12`, `e2e/home.spec.ts#x` and ../shared/spec/interface-spec.md or /docs.')).toEqual([
      'src/server/app.ts',
      'e2e/home.spec.ts',
    ]);
    expect(pathExists('src/server/features/<area>/store.ts')).toBe(true);
    expect(pathExists('e2e/*.spec.ts')).toBe(true);
    expect(pathExists('src/server/no-such-file.ts')).toBe(false);
    expect(slug('Benchmarks (they print figures; they do not pass or fail)')).toBe('benchmarks-they-print-figures-they-do-not-pass-or-fail');
    expect(slug('The balancer configuration (as `npm run fleet` writes it, for three instances)')).toBe(
      'the-balancer-configuration-as-npm-run-fleet-writes-it-for-three-instances',
    );
    expect(anchorsOf('# A\n```\n# not a heading\n```\n## A\n')).toEqual(new Set(['a', 'a-1']));
  });
});
