import type { Locator, Page } from '@playwright/test';

export class AdminApprovalsPage {
  readonly heading: Locator;
  readonly pending: Locator;
  readonly decided: Locator;

  constructor(private readonly page: Page) {
    const main = page.getByRole('main');
    this.heading = main.getByRole('heading', { level: 1, name: 'Approvals' });
    this.pending = main.getByRole('region', { name: 'Waiting for a decision' });
    this.decided = main.getByRole('region', { name: 'Decided' });
  }

  /** A pending request, found by its summary. */
  request(summary: string): Locator {
    return this.pending.getByRole('article', { name: summary });
  }

  /** The newest decided request with this summary (an earlier change of the spec may have had the same one). */
  decidedRow(summary: string): Locator {
    return this.decided.getByRole('row').filter({ hasText: summary }).first();
  }

  /** Approves, rejects or cancels through the button on the request and the confirmation dialog. */
  async decide(summary: string, action: 'Approve' | 'Reject' | 'Cancel request') {
    await this.request(summary).getByRole('button', { name: action }).click();
    await this.page.getByRole('dialog').getByRole('button', { name: action }).click();
  }
}
