import type { Locator, Page } from '@playwright/test';

export class ApiUsersPage {
  readonly heading: Locator;
  readonly table: Locator;
  readonly rows: Locator;
  readonly emptyState: Locator;

  constructor(page: Page) {
    const main = page.getByRole('main');
    this.heading = main.getByRole('heading', { level: 1, name: 'API users' });
    this.table = main.getByRole('table');
    this.rows = this.table.locator('tbody tr');
    this.emptyState = main.getByText('No API users yet');
  }
}
