import type { Locator, Page } from '@playwright/test';

export class EarnPage {
  readonly heading: Locator;
  readonly table: Locator;
  readonly rows: Locator;
  readonly confirmDialog: Locator;

  constructor(private readonly page: Page) {
    const main = page.getByRole('main');
    this.heading = main.getByRole('heading', { level: 1, name: 'Earn' });
    this.table = main.getByRole('table');
    this.rows = this.table.locator('tbody tr');
    this.confirmDialog = page.getByRole('dialog');
  }

  row(displayName: string): Locator {
    return this.rows.filter({ has: this.page.getByText(displayName, { exact: true }) });
  }

  sortBy(column: string): Locator {
    return this.table.getByRole('columnheader', { name: new RegExp(`^${column}`) }).getByRole('button');
  }
}
