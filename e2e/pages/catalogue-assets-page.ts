import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { AssetList } from '../../src/contract/catalogue';
import { ConsoleShell } from './console-shell';

/** The assets tab of the catalogue: filters, the paged table, the asset drawer and the register dialog. */
export class CatalogueAssetsPage {
  readonly main: Locator;
  readonly table: Locator;
  readonly rows: Locator;
  readonly pageNumber: Locator;
  readonly next: Locator;
  readonly previous: Locator;
  readonly drawer: Locator;
  readonly registerButton: Locator;
  readonly registerDialog: Locator;

  constructor(private readonly page: Page) {
    this.main = page.getByRole('main');
    this.table = this.main.getByRole('table');
    this.rows = this.table.locator('tbody tr[data-asset-id]');
    this.pageNumber = this.main.getByTestId('assets-page-number');
    const pager = this.main.getByRole('navigation', { name: 'Pages of assets' });
    this.next = pager.getByRole('button', { name: 'Next' });
    this.previous = pager.getByRole('button', { name: 'Previous' });
    this.drawer = page.getByRole('dialog', { name: 'Asset details' });
    this.registerButton = this.main.getByRole('button', { name: 'Register asset' });
    this.registerDialog = page.getByRole('dialog', { name: 'Register an asset' });
  }

  /**
   * Opens the console on the assets tab with the stored sign-in, in one page load (not the home
   * page first and then this one), and waits for its heading; answers the session the page holds.
   */
  async start(search = '') {
    const session = await new ConsoleShell(this.page).start(`/catalogue/assets${search}`);
    await expect(this.main.getByRole('heading', { level: 1, name: 'Assets' })).toBeVisible();
    return session;
  }

  /** Picks an option of one of the Mantine selects in `scope` (the page, or a dialog). */
  async choose(label: string | RegExp, option: string, scope: Locator = this.main) {
    const select = scope.getByRole('combobox', { name: label });
    await select.click();
    await select.fill(option);
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }

  async chooseFilter(label: 'Blockchain' | 'Class' | 'Scope' | 'Status', option: string) {
    const select = this.main.getByRole('combobox', { name: label, exact: true });
    await select.click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }

  async filterSymbol(symbol: string) {
    const input = this.main.getByRole('textbox', { name: /^Symbol/ });
    await input.fill(symbol);
    await input.press('Enter');
  }

  async setPageSize(size: number) {
    await this.main.getByRole('combobox', { name: 'Page size' }).selectOption(String(size));
  }

  /** The legacy ids of the rows on screen, in order. */
  async legacyIds(): Promise<string[]> {
    return this.rows.locator('td:nth-child(3)').allInnerTexts();
  }

  row(legacyId: string): Locator {
    return this.rows.filter({ has: this.page.getByText(legacyId, { exact: true }) });
  }

  /** Opens an asset from its row, by the symbol button that every row has. */
  async open(legacyId: string, symbol: string) {
    await this.row(legacyId).getByRole('button', { name: symbol, exact: true }).click();
    await expect(this.drawer).toBeVisible();
  }
}

/** The first `pages` pages of a search as the service answers the console's user (same token). */
export async function assetPages(request: APIRequestContext, token: string, search: URLSearchParams, pages: number) {
  const result: string[][] = [];
  let cursor: string | null = null;
  for (let i = 0; i < pages; i++) {
    const params = new URLSearchParams(search);
    if (cursor) params.set('pageCursor', cursor);
    const answer = await request.get(`/v1/assets?${params}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(answer.status()).toBe(200);
    // Parsed with the contract's own schema, so a drift between the service and the contract fails here.
    const page = AssetList.parse(await answer.json());
    result.push(page.data.map((asset) => asset.legacyId));
    cursor = page.next;
    if (!cursor) break;
  }
  return result;
}
