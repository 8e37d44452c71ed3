import type { CDPSession, Page } from '@playwright/test';

/** A credential as Chromium's WebAuthn domain reports it. */
interface VirtualCredential {
  credentialId: string;
  isResidentCredential: boolean;
  rpId?: string;
  userHandle?: string;
  signCount: number;
}

/**
 * Chromium's virtual authenticator (the DevTools protocol's WebAuthn domain) in one tab: a
 * platform authenticator with discoverable credentials and user verification that always
 * succeeds, as a phone's or laptop's built-in one would after a fingerprint. Each tab gets its own,
 * so two admins in two browser contexts hold two different devices.
 */
export class VirtualAuthenticator {
  private constructor(
    private readonly cdp: CDPSession,
    readonly id: string,
  ) {}

  static async attach(page: Page): Promise<VirtualAuthenticator> {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('WebAuthn.enable', { enableUI: false });
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    return new VirtualAuthenticator(cdp, authenticatorId);
  }

  async credentials(): Promise<VirtualCredential[]> {
    const { credentials } = await this.cdp.send('WebAuthn.getCredentials', { authenticatorId: this.id });
    return credentials;
  }

  async detach() {
    await this.cdp.send('WebAuthn.removeVirtualAuthenticator', { authenticatorId: this.id }).catch(() => {});
    await this.cdp.detach().catch(() => {});
  }
}
