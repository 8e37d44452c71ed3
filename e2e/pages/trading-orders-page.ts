import { expect, type Locator, type Page } from '@playwright/test';

export type Party = 'Originator' | 'Beneficiary';

/** The trading console: the orders list, the stepped order builder and an order's page. */
export class TradingOrdersPage {
  readonly main: Locator;
  readonly newOrderLink: Locator;
  readonly steps: Locator;
  readonly currentStep: Locator;
  readonly estimate: Locator;
  readonly submit: Locator;
  readonly statusBadge: Locator;
  readonly receipt: Locator;
  readonly timeline: Locator;

  constructor(private readonly page: Page) {
    this.main = page.getByRole('main');
    this.newOrderLink = this.main.getByRole('link', { name: 'New order' });
    this.steps = this.main.getByRole('navigation', { name: 'Steps of the order' });
    this.currentStep = this.steps.locator('[aria-current="step"]');
    this.estimate = this.main.getByTestId('order-estimate');
    this.submit = this.main.getByRole('button', { name: 'Submit order' });
    this.statusBadge = this.main.locator('[data-status]').first();
    this.receipt = this.main.getByRole('region', { name: 'Receipt' });
    this.timeline = this.main.getByRole('region', { name: 'Status timeline' });
  }

  heading(name: string): Locator {
    return this.main.getByRole('heading', { level: 1, name, exact: true });
  }

  async gotoList() {
    await this.page.goto('/trading/orders');
    await expect(this.heading('Orders')).toBeVisible();
  }

  async gotoBuilder() {
    await this.page.goto('/trading/orders/new');
  }

  /** The participant's card on the participants step. */
  party(name: Party): Locator {
    return this.main.getByRole('region', { name });
  }

  async chooseProvider(name: string) {
    await this.main.getByRole('radio', { name: new RegExp(name) }).check();
  }

  /** Goes on to the next step, named as its button names it ("Next: execution"). */
  async next(step: string) {
    await this.main.getByRole('button', { name: `Next: ${step}` }).click();
  }

  /** Picks an option of one of the Mantine selects in `scope`, typing part of it where the select is searchable. */
  async choose(label: string | RegExp, option: string | RegExp, scope: Locator = this.main, typed?: string) {
    const select = scope.getByRole('combobox', { name: label });
    await select.click();
    if (typed) await select.fill(typed);
    await this.page.getByRole('option', { name: option }).click();
  }

  field(label: string | RegExp, scope: Locator = this.main): Locator {
    return scope.getByRole('textbox', { name: label });
  }

  async fill(label: string | RegExp, value: string, scope: Locator = this.main) {
    await this.field(label, scope).fill(value);
  }

  /** Fills a postal address; the country is chosen from the select by its name. */
  async fillAddress(
    scope: Locator,
    address: { street: string; building: string; postalCode: string; city: string; district: string; region: string; country: string },
  ) {
    await this.fill('Street', address.street, scope);
    await this.fill('Building number', address.building, scope);
    await this.fill('Postal code', address.postalCode, scope);
    await this.fill('City', address.city, scope);
    await this.fill('District', address.district, scope);
    await this.fill('State or region', address.region, scope);
    await this.choose('Country', new RegExp(`\\(${address.country}\\)$`), scope, address.country);
  }
}
