import { readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';

/**
 * Every spec file has a workspace of its own, made before the service starts (seed-workspaces.ts)
 * with the demo's content and people, so no spec meets another's changes and every spec passes
 * alone and in any order. Names and emails follow from the spec file's name alone, so the seed,
 * the setup project and the fixture agree on them without passing anything around.
 */

/** The password of every person in every spec's workspace. */
export const E2E_PASSWORD = 'e2e-Demo-password-1';

/**
 * The people the setup project signs in once and whose sign-ins specs use (`test.use({ signedInAs })`),
 * by the first part of their demo email (src/server/demo/seed.ts): one per role the console is used
 * in, and a second admin and the security admin that the quorum and travel rule specs need.
 */
export const PERSONAS = ['owner', 'admin', 'admin2', 'nsadmin', 'signer', 'approver', 'trader', 'viewer', 'auditor', 'secadmin'] as const;
/** owner OWNER, admin and admin2 ADMIN, nsadmin NON_SIGNING_ADMIN, signer SIGNER, approver APPROVER, trader EDITOR, viewer VIEWER, auditor AUDITOR, secadmin SECURITY_ADMIN. */
export type Persona = (typeof PERSONAS)[number];

/** The run's folder (playwright.config.ts makes it): the service's data and the stored sign-ins. */
function runDir(): string {
  const dir = process.env.E2E_RUN_DIR;
  if (!dir) throw new Error('E2E_RUN_DIR is not set: run the end-to-end suite through playwright.config.ts (node e2e/run.mjs)');
  return dir;
}

export interface SpecWorkspace {
  /** The spec file's name without `.spec.ts`. */
  slug: string;
  /** The spec file. */
  file: string;
  /** The workspace's name, as the console shows it. */
  name: string;
  /** The sign-in email of one of its people: `admin` → `admin@<slug>.e2e.test`. */
  email(person: string): string;
  /**
   * Where the setup project keeps a persona's sign-in (its refresh cookie): the browser's, or a
   * second sign-in of its own for the calls a test makes to the service directly, so the two never
   * spend each other's cookie.
   */
  stateFile(persona: Persona, use?: SignInUse): string;
}

/** What a stored sign-in is for: a browser (`signedInAs`, `contextAs`) or the service directly (`apiSession`). */
export type SignInUse = 'browser' | 'api';

export function specWorkspace(slug: string): SpecWorkspace {
  return {
    slug,
    file: join(import.meta.dirname, `${slug}.spec.ts`),
    name: `E2E ${slug}`,
    email: (person) => `${person}@${slug}.e2e.test`,
    stateFile: (persona, use = 'browser') => join(runDir(), 'auth', slug, `${persona}.${use}.json`),
  };
}

/** The workspace of the spec file at `path`. */
export const workspaceOfSpec = (path: string) => specWorkspace(basename(path, '.spec.ts'));

const PERSONA_NAMED: Record<SignInUse, RegExp> = {
  browser: /signedInAs: '(\w+)'|contextAs\('(\w+)'\)/g,
  api: /apiSession\('(\w+)'\)/g,
};

/**
 * The personas a spec file uses a stored sign-in of, as it names them to the fixtures: for a
 * browser `signedInAs: 'admin'` or `contextAs('admin2')`, for the service `apiSession('admin')`.
 * The setup project signs in only those, since each sign-in costs the service a second or more of
 * scrypt and most specs need one or two people.
 */
export function personasOf(workspace: SpecWorkspace, use: SignInUse): Persona[] {
  const text = readFileSync(workspace.file, 'utf8');
  const named = [...text.matchAll(PERSONA_NAMED[use])].map((match) => match[1] ?? match[2]);
  return PERSONAS.filter((persona) => named.includes(persona));
}

/**
 * Every spec file's workspace: each spec file in this folder gets one, a new one included. When
 * e2e/run.mjs was given spec files alone (`E2E_SPECS`, their names without `.spec.ts`), only
 * theirs: a run of one spec seeds and signs in for that spec, not for all of them.
 */
export function allSpecWorkspaces(): SpecWorkspace[] {
  const only = process.env.E2E_SPECS?.split(',').filter(Boolean);
  return readdirSync(import.meta.dirname)
    .filter((file) => file.endsWith('.spec.ts'))
    .filter((file) => !only?.length || only.includes(basename(file, '.spec.ts')))
    .sort()
    .map(workspaceOfSpec);
}
