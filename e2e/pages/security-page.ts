import { expect, type Locator, type Page } from '@playwright/test';

/** The security page (/security, from the header's account menu): my passkeys and the admins' workspace setting. */
export class SecurityPage {
  readonly heading: Locator;
  readonly passkeys: Locator;
  readonly nameInput: Locator;
  readonly addButton: Locator;
  readonly policy: Locator;

  constructor(private readonly page: Page) {
    const main = page.getByRole('main');
    this.heading = main.getByRole('heading', { level: 1, name: 'Security' });
    this.passkeys = main.getByRole('region', { name: 'Your passkeys' });
    this.nameInput = main.getByRole('form', { name: 'Add a passkey' }).getByRole('textbox', { name: 'Name' });
    this.addButton = main.getByRole('button', { name: 'Add passkey' });
    this.policy = main.getByRole('region', { name: 'Passkeys for admins' });
  }

  /** Through the account menu, as a user would. */
  async open() {
    await this.page.getByRole('banner').getByRole('button', { name: 'Account' }).click();
    await this.page.getByRole('menuitem', { name: 'Security and passkeys' }).click();
    await expect(this.heading).toBeVisible();
  }

  row(name: string): Locator {
    return this.passkeys.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name, exact: true }) });
  }

  /** Names a new passkey; the page's virtual authenticator makes it. */
  async add(name: string) {
    await this.nameInput.fill(name);
    await this.addButton.click();
    await expect(this.row(name)).toBeVisible();
  }

  /** Removes a passkey, confirming with one (the step-up the service asks for). */
  async remove(name: string) {
    await this.row(name)
      .getByRole('button', { name: `Remove ${name}` })
      .click();
    await this.page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
    await expect(this.row(name)).toHaveCount(0);
  }
}
