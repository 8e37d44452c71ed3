// Import boundaries between the project's rooms, enforced by `no-restricted-imports` (see
// docs/architecture.md, Layout). Each file gets one list of forbidden imports: in a flat config a later
// entry for the same rule replaces an earlier one, so the zones are combined here per file group.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = import.meta.dirname;
const areasIn = (dir) =>
  readdirSync(join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

/**
 * Server areas from the bottom up: an area's code imports only areas of lower layers, never one
 * of its own layer or above. Tests are free to cross (a webhook test submits transfers).
 */
export const SERVER_LAYERS = [
  // Every area records its events in the audit log.
  ['audit'],
  // People and sessions: who is signed in, and the short cache of who they are.
  ['auth'],
  // Live change notices: every area below that changes something the console shows records them.
  ['live'],
  // Passkeys: credentials, challenges and the step-up check every guarded operation may run;
  // approvals (admin, above) record which passkey signed a decision.
  ['passkeys'],
  // API users and the admin quorum; disabling an API user clears auth's cache of it.
  ['admin'],
  // Areas that stand on their own; the webhook outbox takes the events of the areas above.
  ['catalogue', 'compliance', 'earn', 'webhooks'],
  // Vault accounts and their balances, which transfers and orders move.
  ['vault'],
  // Transfers between vault accounts and to addresses.
  ['transactions'],
  // Orders, which settle through transfers.
  ['trading'],
  // The console's home: counts and totals read across every area below.
  ['home'],
];

/** Imports against the layering that are allowed, each with its reason (none: what an area needs of one above it, the app passes down). */
export const SERVER_EXCEPTIONS = [];

/**
 * The server's rooms below its areas, from the bottom up: each imports only rooms of the floors below
 * it, never one of its own floor or above, nor an area, nor what composes the service (SERVER_TOP).
 * A name is a folder of src/server or a file at its top (env.ts); what no floor names (logger.ts,
 * failure-log.ts, version.ts, server-file.ts) is ground every room may import. The areas stand
 * above every floor: what a floor needs of an area is passed down to it (docs/architecture.md, Layout).
 */
export const SERVER_FLOORS = [
  // The database: opened, migrated, listened to, and the stores' helpers.
  ['db'],
  // The settings, read from the environment.
  ['env'],
  // What observes the service: Prometheus metrics and OpenTelemetry traces.
  ['metrics', 'tracing'],
  // What every request passes, up to the guard of each operation (which the app lends the areas' checks).
  ['http'],
  // The background machinery: polls, step failures, housekeeping (the areas lend their purges), backups.
  ['workers'],
];

/** What composes the service from its floors and areas, and its tests' harness: no floor imports them. */
const SERVER_TOP = ['features', 'app', 'server', 'main', 'database', 'database-gauges', 'verify-database', 'start-banner', 'demo', 'test'];

/** Console features that every feature may import, each with its reason (none: what is shared lives in lib or components). */
export const WEB_SHARED_FEATURES = {};

const serverAreas = areasIn('src/server/features');
const unlayered = serverAreas.filter((area) => !SERVER_LAYERS.flat().includes(area));
if (unlayered.length > 0) throw new Error(`eslint.boundaries.js: give the server area(s) ${unlayered.join(', ')} a layer in SERVER_LAYERS`);
const webFeatures = areasIn('src/web/features');

const TESTS = ['**/*.test.ts', '**/*.test.tsx', 'src/web/test/**', 'src/server/test/**'];

const escape = (name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A relative import of one of `areas` from inside a sibling area, or through `features/`. */
const areaImport = (areas) => `^(?:\\.\\./)+(?:features/)?(?:${areas.map(escape).join('|')})(?:/|$)`;
/** A relative import of a top-level folder of `src/`. */
const srcImport = (folders) => `^(?:\\.\\./)+(?:${folders.join('|')})(?:/|$)`;
/** A relative import of a folder or file at the top of `src/server`, from a file at its top (`./`) or from a folder's. */
const serverImport = (names, fromTop) => `^(?:${fromTop ? '\\./' : '(?:\\.\\./)+'})(?:${names.map(escape).join('|')})(?:/|$)`;

const NO_SERVER_IN_WEB = {
  regex: srcImport(['server']),
  message: 'The console imports nothing from src/server outside tests: what both need belongs in src/contract.',
};

const NO_APP_IN_FEATURE = {
  regex: srcImport(['app']),
  message: 'Console features do not import the app shell, which imports them: what they need of it belongs in src/web/lib.',
};

/** `tests`: whether the zone covers test files too (else they are left out of `files`). */
function restrict(files, patterns, { tests }) {
  return {
    files,
    ...(tests ? {} : { ignores: TESTS }),
    rules: { 'no-restricted-imports': ['error', { patterns }] },
  };
}

function webFeatureZone(feature, tests) {
  const others = webFeatures.filter((other) => other !== feature && !(other in WEB_SHARED_FEATURES));
  const patterns = tests ? [] : [NO_SERVER_IN_WEB, NO_APP_IN_FEATURE];
  if (others.length > 0) {
    patterns.push({
      regex: areaImport(others),
      message: `Console features do not import each other: move what ${feature} shares to src/web/lib or src/web/components.`,
    });
  }
  const files = tests ? [`src/web/features/${feature}/**/*.test.{ts,tsx}`] : [`src/web/features/${feature}/**`];
  return patterns.length > 0 ? [restrict(files, patterns, { tests })] : [];
}

function serverAreaZone(area) {
  const layer = SERVER_LAYERS.findIndex((areas) => areas.includes(area));
  const excepted = SERVER_EXCEPTIONS.filter((exception) => exception.from === area).map((exception) => exception.to);
  const above = SERVER_LAYERS.slice(layer)
    .flat()
    .filter((other) => other !== area && !excepted.includes(other));
  return restrict(
    [`src/server/features/${area}/**`],
    [
      {
        regex: areaImport(above),
        message: `Server areas depend only downward (SERVER_LAYERS in eslint.boundaries.js): ${area} may not import an area of its own layer or above.`,
      },
    ],
    { tests: false },
  );
}

function serverFloorZone(name, floor) {
  const above = SERVER_FLOORS.slice(floor).flat();
  const folder = existsSync(join(root, 'src/server', name)) && statSync(join(root, 'src/server', name)).isDirectory();
  return restrict(
    [folder ? `src/server/${name}/**` : `src/server/${name}.ts`],
    [
      {
        regex: serverImport([...above.filter((other) => other !== name), ...SERVER_TOP], !folder),
        message: `The server's floors import only those below them (SERVER_FLOORS in eslint.boundaries.js): ${name} may not import an area, what composes the service, nor a floor of its own or above; pass down what it needs.`,
      },
    ],
    { tests: false },
  );
}

export const boundaries = [
  restrict(
    ['src/contract/**'],
    [{ regex: srcImport(['server', 'web']), message: 'The contract imports neither the server nor the console: both import it.' }],
    { tests: true },
  ),
  restrict(['src/web/app/**', 'src/web/main.tsx'], [NO_SERVER_IN_WEB], { tests: false }),
  restrict(
    ['src/web/lib/**', 'src/web/components/**'],
    [NO_SERVER_IN_WEB, { regex: srcImport(['features', 'app']), message: 'Shared console code imports no feature and not the app shell: they import it.' }],
    { tests: false },
  ),
  ...webFeatures.flatMap((feature) => [...webFeatureZone(feature, false), ...webFeatureZone(feature, true)]),
  ...serverAreas.map(serverAreaZone),
  ...SERVER_FLOORS.flatMap((names, floor) => names.map((name) => serverFloorZone(name, floor))),
];
