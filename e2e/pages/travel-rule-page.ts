import type { Locator, Page } from '@playwright/test';

/** The Travel rule page: the list of messages, one message with its beneficiary form, and the VASP directory. */
export class TravelRulePage {
  readonly heading: Locator;
  readonly messagesTab: Locator;
  readonly directoryTab: Locator;
  readonly statusFilter: Locator;
  readonly table: Locator;
  readonly statusAlert: Locator;
  readonly beneficiaryForm: Locator;
  readonly submit: Locator;
  readonly searchInput: Locator;
  readonly searchButton: Locator;

  constructor(private readonly page: Page) {
    const main = page.getByRole('main');
    this.heading = main.getByRole('heading', { level: 1, name: 'Travel rule' });
    this.messagesTab = main.getByRole('tab', { name: 'Messages' });
    this.directoryTab = main.getByRole('tab', { name: 'VASP directory' });
    this.statusFilter = main.getByRole('combobox', { name: 'Status' });
    this.table = main.getByRole('table');
    this.statusAlert = main.getByTestId('trm-status');
    this.beneficiaryForm = main.getByRole('form', { name: /^Beneficiary information for / });
    this.submit = this.beneficiaryForm.getByRole('button', { name: 'Encrypt and send' });
    this.searchInput = main.getByRole('textbox', { name: 'DID or name' });
    this.searchButton = main.getByRole('button', { name: 'Search' });
  }

  async filterByStatus(label: string) {
    await this.statusFilter.click();
    await this.page.getByRole('option', { name: label, exact: true }).click();
  }

  messageLink(externalId: string): Locator {
    return this.table.getByRole('link', { name: `Open message ${externalId}` });
  }

  field(name: string): Locator {
    return this.beneficiaryForm.getByRole('textbox', { name, exact: true });
  }

  /** Picks an option of one of the form's selects (country, type of identifier) by typing part of it. */
  async choose(name: string, typed: string, option: string) {
    const select = this.beneficiaryForm.getByRole('combobox', { name, exact: true });
    await select.click();
    await select.pressSequentially(typed);
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }

  vaspCard(name: string): Locator {
    return this.page.getByRole('main').getByRole('region', { name });
  }
}
