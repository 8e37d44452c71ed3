import { expect, type Locator, type Page } from '@playwright/test';

/** The blockchains tab of the catalogue: its filters and table. */
export class CatalogueBlockchainsPage {
  readonly main: Locator;
  readonly rows: Locator;
  readonly tabs: Locator;

  constructor(private readonly page: Page) {
    this.main = page.getByRole('main');
    this.rows = this.main.getByRole('table').locator('tbody tr[data-blockchain-id]');
    this.tabs = this.main.getByRole('tablist', { name: 'Catalogue' });
  }

  async goto(search = '') {
    await this.page.goto(`/catalogue/blockchains${search}`);
    await expect(this.main.getByRole('heading', { level: 1, name: 'Blockchains' })).toBeVisible();
  }

  async chooseFilter(label: 'Protocol' | 'Network' | 'Status', option: string) {
    await this.main.getByRole('combobox', { name: label, exact: true }).click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }

  /** The legacy ids of the rows on screen, in order. */
  async legacyIds(): Promise<string[]> {
    return this.rows.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-blockchain-id') ?? ''));
  }
}
