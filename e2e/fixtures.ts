import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { type BrowserContext, type BrowserContextOptions, expect, type Request, test as base } from '@playwright/test';
import { SessionResponse } from '../src/contract/auth';
import { E2E_PASSWORD, type Persona, type SignInUse, type SpecWorkspace, workspaceOfSpec } from './workspaces';

export { expect };
export type { Persona };

const REFRESH_PATH = '/v1/auth/refresh';

type StoredState = Exclude<BrowserContextOptions['storageState'], string | undefined>;

/**
 * The persona's stored sign-in in this spec's workspace, made by the setup project, for a context
 * whose pages are at `baseURL`. A browser keeps a cookie per host, and the setup project signs in
 * at the config's address (127.0.0.1), so the cookies are handed over to the host the spec opens
 * (the passkeys specs open localhost: WebAuthn refuses an IP address as relying party). The service
 * ties a refresh cookie to nothing but its token, so the same sign-in holds at either host.
 */
async function storedSignIn(workspace: SpecWorkspace, persona: Persona, baseURL: string, use: SignInUse = 'browser'): Promise<StoredState> {
  const path = workspace.stateFile(persona, use);
  if (!existsSync(path)) {
    const named = use === 'browser' ? `signedInAs: '${persona}' or contextAs('${persona}')` : `apiSession('${persona}')`;
    throw new Error(
      `No stored ${use} sign-in of ${persona} for ${workspace.slug}.spec.ts: the setup project signs in the personas a spec names literally, as ${named}`,
    );
  }
  const { cookies } = JSON.parse(await readFile(path, 'utf8')) as StoredState;
  const domain = new URL(baseURL).hostname;
  return { cookies: cookies.map((cookie) => ({ ...cookie, domain })), origins: [] };
}

/** The refresh requests of a context that have not finished yet. */
function refreshesInFlight(context: BrowserContext): Set<Request> {
  const inFlight = new Set<Request>();
  context.on('request', (request) => {
    if (new URL(request.url()).pathname === REFRESH_PATH) inFlight.add(request);
  });
  const done = (request: Request) => inFlight.delete(request);
  context.on('requestfinished', done);
  context.on('requestfailed', done);
  return inFlight;
}

/**
 * Stores the context's refresh cookie back as the persona's sign-in. The service rotates the
 * cookie on every refresh and revokes a sign-in whose spent cookie comes back, so the next test of
 * this spec file signed in as this persona must start from the cookie this one ended with. Cookies
 * only: what the console keeps in local storage (the colour scheme) stays with this test.
 */
async function keepSignIn(context: BrowserContext, inFlight: Set<Request>, path: string) {
  await expect.poll(() => inFlight.size, { message: 'a session refresh still in flight', timeout: 15_000 }).toBe(0);
  const { cookies } = await context.storageState();
  await writeFile(path, JSON.stringify({ cookies, origins: [] }));
}

interface Fixtures {
  /**
   * Who the test's page is signed in as (`test.use({ signedInAs: 'admin' })`), with the sign-in the
   * setup project stored for this spec's workspace; unset, the page starts signed out.
   */
  signedInAs: Persona | undefined;
  /** This spec file's own workspace (e2e/workspaces.ts): its name and its people's emails. */
  workspace: SpecWorkspace;
  /** The password of every person in the workspace, for the tests that sign in through the form. */
  password: string;
  /** Another browser, signed in as `persona`, for a second person in the same test. */
  contextAs(persona: Persona): Promise<BrowserContext>;
  /**
   * A session of `persona` for calls to the service directly, outside every browser, as the headers
   * that carry it: refreshed from the persona's stored API sign-in (a sign-in of its own, apart
   * from the browser's), so no test pays for a sign-in's scrypt.
   */
  apiSession(persona: Persona): Promise<{ headers: { Authorization: string }; session: SessionResponse }>;
}

export const test = base.extend<Fixtures>({
  signedInAs: [undefined, { option: true }],
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from its first parameter
  workspace: async ({}, use, testInfo) => use(workspaceOfSpec(testInfo.file)),
  password: E2E_PASSWORD,
  storageState: async ({ signedInAs, workspace, baseURL }, use) => use(signedInAs ? await storedSignIn(workspace, signedInAs, baseURL!) : undefined),
  context: async ({ context, signedInAs, workspace }, use) => {
    const inFlight = refreshesInFlight(context);
    await use(context);
    if (signedInAs) await keepSignIn(context, inFlight, workspace.stateFile(signedInAs));
  },
  contextAs: async ({ browser, workspace, baseURL }, use) => {
    const opened: { context: BrowserContext; inFlight: Set<Request>; persona: Persona }[] = [];
    await use(async (persona) => {
      const context = await browser.newContext({ baseURL, storageState: await storedSignIn(workspace, persona, baseURL!) });
      opened.push({ context, inFlight: refreshesInFlight(context), persona });
      return context;
    });
    for (const { context, inFlight, persona } of opened) {
      await keepSignIn(context, inFlight, workspace.stateFile(persona));
      await context.close();
    }
  },
  apiSession: async ({ playwright, baseURL, workspace }, use) => {
    await use(async (persona) => {
      const service = await playwright.request.newContext({ baseURL, storageState: await storedSignIn(workspace, persona, baseURL!, 'api') });
      try {
        const answer = await service.post(REFRESH_PATH);
        expect(answer.status(), `the stored API sign-in of ${persona} restores a session`).toBe(200);
        const session = SessionResponse.parse(await answer.json());
        // The refresh rotated the cookie: the next call in this spec file starts from the new one.
        await service.storageState({ path: workspace.stateFile(persona, 'api') });
        return { headers: { Authorization: `Bearer ${session.accessToken}` }, session };
      } finally {
        await service.dispose();
      }
    });
  },
});
