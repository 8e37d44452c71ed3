import type { Locator, Page } from '@playwright/test';
import { ApiUsersPage } from './api-users-page';

/** The API users page with what admins do there: create users and pair their co-signers. */
export class AdminApiUsersPage extends ApiUsersPage {
  readonly newUser: Locator;
  readonly createDialog: Locator;
  readonly pairingDialog: Locator;

  constructor(private readonly page: Page) {
    super(page);
    this.newUser = page.getByRole('main').getByRole('button', { name: 'New API user' });
    this.createDialog = page.getByRole('dialog', { name: 'New API user' });
    this.pairingDialog = page.getByRole('dialog', { name: /^Pair “.+” with its device$/ });
  }

  row(name: string): Locator {
    return this.rows.filter({ has: this.page.getByText(name, { exact: true }) });
  }

  /** Fills the create form up to the key; the spec decides how the key comes about. */
  async fillNewUser({ name, role, coSignerSetupType }: { name: string; role: string; coSignerSetupType?: string }) {
    const dialog = this.createDialog;
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await dialog.getByRole('combobox', { name: 'Role' }).click();
    await this.page.getByRole('option', { name: role, exact: true }).click();
    if (coSignerSetupType) {
      await dialog.getByRole('combobox', { name: 'Co-signer setup type' }).fill(coSignerSetupType);
      await this.page.getByRole('option', { name: coSignerSetupType, exact: true }).click();
    }
  }
}
