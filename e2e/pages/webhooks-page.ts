import { type Locator, type Page } from '@playwright/test';

/** The Webhooks pages: the list with its register dialog, one webhook with its notifications, and the signature guide. */
export class WebhooksPage {
  readonly main: Locator;
  readonly heading: Locator;
  readonly registerButton: Locator;
  readonly form: Locator;
  readonly url: Locator;
  readonly description: Locator;
  readonly signaturesLink: Locator;
  /** On a webhook's page. */
  readonly sendTestEventButton: Locator;
  readonly resendFailedButton: Locator;
  readonly notifications: Locator;
  readonly drawer: Locator;
  readonly attempts: Locator;
  /** On the signature guide. */
  readonly jwksUrl: Locator;
  readonly snippet: Locator;

  constructor(private readonly page: Page) {
    this.main = page.getByRole('main');
    this.heading = this.main.getByRole('heading', { level: 1, name: 'Webhooks' });
    this.registerButton = this.main.getByRole('button', { name: 'Register webhook' });
    this.form = page.getByRole('form', { name: 'Register a webhook' });
    this.url = this.form.getByRole('textbox', { name: /URL/ });
    this.description = this.form.getByRole('textbox', { name: /Description/ });
    this.signaturesLink = this.main.getByRole('link', { name: 'How to verify the signatures' });
    this.sendTestEventButton = this.main.getByRole('button', { name: 'Send test event' });
    this.resendFailedButton = this.main.getByRole('button', { name: 'Resend all failed' });
    this.notifications = this.main.getByRole('table', { name: 'Notifications' });
    this.drawer = page.getByRole('dialog', { name: 'Notification' });
    this.attempts = this.drawer.getByRole('table', { name: 'Delivery attempts' });
    this.jwksUrl = this.main.getByTestId('jwks-url');
    this.snippet = this.main.getByLabel('Receiver code', { exact: true });
  }

  async register(url: string, description: string) {
    await this.registerButton.click();
    await this.url.fill(url);
    await this.description.fill(description);
    await this.form.getByRole('button', { name: 'Register webhook' }).click();
  }

  /** The notifications about one transaction. */
  notificationsOf(txId: string): Locator {
    return this.notifications.locator('tbody tr').filter({ has: this.page.locator(`a[href="/transactions/${encodeURIComponent(txId)}"]`) });
  }

  /** A status filter chip; its checkbox is visually hidden, so a user (and the test) clicks its label. */
  statusChip(label: string): Locator {
    return this.main.locator('label').filter({ hasText: new RegExp(`^${label}$`) });
  }

  /** The id of the webhook whose page is open, from the address. */
  openWebhookId(): string {
    return decodeURIComponent(new URL(this.page.url()).pathname.split('/')[2] ?? '');
  }
}
