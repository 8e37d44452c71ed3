import { expect, request, test as setup } from '@playwright/test';
import { allSpecWorkspaces, E2E_PASSWORD, type Persona, personasOf, type SignInUse, type SpecWorkspace } from './workspaces';

// Each sign-in costs the service one scrypt verification (128 MiB, a second or more on a busy
// machine); a few at a time keep its thread pool busy without queueing every request at once.
const AT_ONCE = 4;

async function signInAndStore(baseURL: string, workspace: SpecWorkspace, persona: Persona, use: SignInUse) {
  const context = await request.newContext({ baseURL });
  try {
    const email = workspace.email(persona);
    const answer = await context.post('/v1/auth/sign_in', { data: { email, password: E2E_PASSWORD } });
    expect(answer.status(), `sign-in of ${email}`).toBe(200);
    // Only the httpOnly refresh cookie: the console keeps its access token in memory and restores
    // the session from the cookie, as after a reload; apiSession refreshes it the same way.
    await context.storageState({ path: workspace.stateFile(persona, use) });
  } finally {
    await context.dispose();
  }
}

setup('every persona a spec uses signs in once in the spec’s workspace, for each use', async ({ baseURL }) => {
  const queue = allSpecWorkspaces().flatMap((workspace) =>
    (['browser', 'api'] as const).flatMap((use) => personasOf(workspace, use).map((persona) => ({ workspace, persona, use }))),
  );
  const total = queue.length;
  setup.setTimeout(60_000 + total * 10_000);
  const started = Date.now();
  await Promise.all(
    Array.from({ length: AT_ONCE }, async () => {
      for (let next = queue.shift(); next; next = queue.shift()) await signInAndStore(baseURL!, next.workspace, next.persona, next.use);
    }),
  );
  console.log(`setup: ${total} sign-ins stored in ${Date.now() - started} ms`);
});
