import { type Locator, type Page } from '@playwright/test';

/** The Transactions page: the filtered list, the "New transfer" dialog, and one transaction's page. */
export class TransactionsPage {
  readonly main: Locator;
  readonly heading: Locator;
  readonly newTransferButton: Locator;
  readonly statusFilter: Locator;
  readonly table: Locator;
  readonly form: Locator;
  readonly submit: Locator;
  /** On a transaction's page. */
  readonly status: Locator;
  readonly timeline: Locator;
  readonly amounts: Locator;
  readonly places: Locator;
  readonly onChain: Locator;

  constructor(private readonly page: Page) {
    this.main = page.getByRole('main');
    this.heading = this.main.getByRole('heading', { level: 1, name: 'Transactions' });
    this.newTransferButton = this.main.getByRole('button', { name: 'New transfer' });
    this.statusFilter = this.main.getByRole('combobox', { name: 'Status' });
    this.table = this.main.getByRole('table');
    this.form = page.getByRole('form', { name: 'New transfer' });
    this.submit = this.form.getByRole('button', { name: 'Submit transfer' });
    this.status = this.main.getByTestId('transaction-status');
    this.timeline = this.main.getByRole('list', { name: 'Status timeline' });
    this.amounts = this.main.getByRole('table', { name: 'Amounts and fees' });
    this.places = this.main.getByRole('table', { name: 'Source and destination' });
    this.onChain = this.main.getByRole('table', { name: 'On chain' });
  }

  transactionLink(txId: string): Locator {
    return this.main.getByRole('link', { name: `Open transaction ${txId}` });
  }

  row(txId: string): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('link', { name: `Open transaction ${txId}` }) });
  }

  async filterByStatus(label: string) {
    await this.statusFilter.click();
    await this.page.getByRole('option', { name: label, exact: true }).click();
    await this.page.keyboard.press('Escape');
  }

  /** Picks an option of one of the form's selects. */
  async choose(name: string | RegExp, option: string | RegExp) {
    await this.form.getByRole('combobox', { name }).click();
    await this.page.getByRole('option', { name: option }).click();
  }

  field(name: string | RegExp): Locator {
    return this.form.getByRole('textbox', { name });
  }

  /** The id of the transaction whose page is open, from the address. */
  openTransactionId(): string {
    return decodeURIComponent(new URL(this.page.url()).pathname.split('/')[2] ?? '');
  }
}
