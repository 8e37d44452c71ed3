import { expect, type Locator, type Page } from '@playwright/test';
import { SessionResponse } from '../../src/contract/auth';

export class SignInPage {
  readonly heading: Locator;
  readonly email: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  readonly error: Locator;

  constructor(private readonly page: Page) {
    this.heading = page.getByRole('heading', { level: 1, name: 'Sign in to Asset Ops' });
    this.email = page.getByRole('textbox', { name: 'Email' });
    this.password = page.getByRole('textbox', { name: 'Password', exact: true });
    this.submit = page.getByRole('button', { name: 'Sign in', exact: true });
    this.error = page.getByRole('alert');
  }

  async goto() {
    await this.page.goto('/sign-in');
    await expect(this.heading).toBeVisible();
  }

  async signIn(email: string, password: string) {
    await this.email.fill(email);
    await this.password.fill(password);
    await this.submit.click();
  }

  /** Signs in and returns what the service answered, so tests can compare the console with it. */
  async signInAs(email: string, password: string): Promise<SessionResponse> {
    const response = this.page.waitForResponse((r) => r.url().endsWith('/v1/auth/sign_in'));
    await this.signIn(email, password);
    const answer = await response;
    expect(answer.status(), `sign-in of ${email}`).toBe(200);
    return SessionResponse.parse(await answer.json());
  }
}
