import type { Locator, Page } from '@playwright/test';

export class ScreeningPage {
  readonly heading: Locator;
  readonly bypass: Locator;
  readonly unfreeze: Locator;
  readonly confirmDialog: Locator;
  readonly lastChange: Locator;

  constructor(private readonly page: Page) {
    const main = page.getByRole('main');
    this.heading = main.getByRole('heading', { level: 1, name: 'Screening' });
    this.bypass = main.getByRole('switch', { name: 'Screening cannot be bypassed' });
    this.unfreeze = main.getByRole('switch', { name: 'Frozen funds stay frozen' });
    this.confirmDialog = page.getByRole('dialog');
    this.lastChange = main.getByTestId('screening-last-change');
  }

  async toggle(name: 'Screening cannot be bypassed' | 'Frozen funds stay frozen') {
    await this.page.getByRole('main').getByRole('switch', { name }).click();
  }
}
