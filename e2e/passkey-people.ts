import { type BrowserContext, expect } from '@playwright/test';
import { ConsoleShell } from './pages/console-shell';
import { SecurityPage } from './pages/security-page';
import { VirtualAuthenticator } from './virtual-authenticator';

/**
 * Where the passkeys specs open the console (`test.use({ baseURL: AT_LOCALHOST })`): WebAuthn refuses
 * an IP address as relying party, so localhost, the service's default PUBLIC_ORIGIN
 * (http://localhost:<PORT>), on the port playwright.config.ts gives it. The fixtures hand the stored
 * sign-ins over to this host.
 */
export const AT_LOCALHOST = `http://localhost:${process.env.E2E_PORT ?? 18080}`;

/**
 * A person's own browser (a stored sign-in, from contextAs) with a device of its own, a virtual
 * authenticator, on which they add a passkey named `passkeyName` on their security page.
 */
export async function personWithPasskey(context: BrowserContext, passkeyName: string) {
  const page = await context.newPage();
  const authenticator = await VirtualAuthenticator.attach(page);
  const security = new SecurityPage(page);
  await new ConsoleShell(page).start('/security');
  await expect(security.heading).toBeVisible();
  await security.add(passkeyName);
  return { page, authenticator, security };
}
