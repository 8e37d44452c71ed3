import { expect, type Locator, type Page } from '@playwright/test';
import { SessionResponse } from '../../src/contract/auth';

/** The signed-in console: header, main navigation and the page in the main landmark. */
export class ConsoleShell {
  readonly header: Locator;
  readonly navigation: Locator;
  readonly main: Locator;
  readonly userName: Locator;
  readonly userRole: Locator;
  readonly signOutButton: Locator;

  constructor(private readonly page: Page) {
    this.header = page.getByRole('banner');
    this.navigation = page.getByRole('navigation', { name: 'Main navigation' });
    this.main = page.getByRole('main');
    this.userName = this.header.getByTestId('signed-in-user');
    this.userRole = this.header.getByTestId('signed-in-role');
    this.signOutButton = this.header.getByRole('button', { name: 'Sign out' });
  }

  /**
   * Opens the console at `path` with the stored sign-in (`test.use({ signedInAs })`) and waits for
   * the shell; answers the session the console restored from its refresh cookie, so a test can ask
   * the service with the very token the page holds.
   */
  async start(path = '/'): Promise<SessionResponse> {
    const refreshed = this.page.waitForResponse((r) => new URL(r.url()).pathname === '/v1/auth/refresh');
    await this.page.goto(path);
    const answer = await refreshed;
    expect(answer.status(), 'the stored sign-in restores the session').toBe(200);
    await expect(this.header).toBeVisible();
    return SessionResponse.parse(await answer.json());
  }

  navLink(name: string): Locator {
    return this.navigation.getByRole('link', { name, exact: true });
  }

  pageHeading(name: string): Locator {
    return this.main.getByRole('heading', { level: 1, name, exact: true });
  }

  async expectSignedInAs(name: string, roleLabel: string) {
    await expect(this.header).toBeVisible();
    await expect(this.userName).toHaveText(name);
    await expect(this.userRole).toContainText(roleLabel);
  }

  /**
   * Opens the console directly on the page the navigation names `name`, at its `path`, as start
   * does, and waits for its heading: one page load, without the home page's first.
   */
  async startOn(name: string, path: string): Promise<SessionResponse> {
    const session = await this.start(path);
    await this.expectOn(name);
    return session;
  }

  /** Opens a page through the navigation, as a user would, and waits for its heading. */
  async open(name: string) {
    await this.navLink(name).click();
    await this.expectOn(name);
  }

  private async expectOn(name: string) {
    await expect(this.pageHeading(name)).toBeVisible();
    await expect(this.navLink(name)).toHaveAttribute('aria-current', 'page');
  }

  async signOut() {
    await this.signOutButton.click();
  }
}
