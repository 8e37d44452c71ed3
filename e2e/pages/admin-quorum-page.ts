import type { Locator, Page } from '@playwright/test';

export class AdminQuorumPage {
  readonly heading: Locator;
  readonly currentThreshold: Locator;
  readonly newThreshold: Locator;
  readonly requestChange: Locator;
  readonly approvalsHint: Locator;
  readonly pendingChange: Locator;
  readonly admins: Locator;

  constructor(page: Page) {
    const main = page.getByRole('main');
    this.heading = main.getByRole('heading', { level: 1, name: 'Quorum' });
    this.currentThreshold = main.getByTestId('current-threshold');
    this.newThreshold = main.getByRole('textbox', { name: 'New threshold' });
    this.requestChange = main.getByRole('button', { name: 'Request change' });
    this.approvalsHint = main.getByText(/This request needs \d+ approvals?/);
    this.pendingChange = main.getByRole('status').filter({ hasText: 'A threshold change is waiting for approval' });
    this.admins = main.getByRole('region', { name: 'Admins who count' }).locator('tbody tr');
  }

  async requestThreshold(threshold: number) {
    await this.newThreshold.fill(String(threshold));
    await this.requestChange.click();
  }
}
