import { createPublicKey, type JsonWebKey, verify } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { APIRequestContext } from '@playwright/test';
import { createRemoteJWKSet, flattenedVerify } from 'jose';
import { CreateTransactionResponse, TransactionWithTimeline } from '../src/contract/transactions';
import { Jwks, JWKS_PATH, LEGACY_SIGNATURE_HEADER, NotificationsPage, SIGNATURE_HEADER, WebhookEnvelope } from '../src/contract/webhooks';
import { seriousViolations } from './axe';
import { expect, test } from './fixtures';
import { ConsoleShell } from './pages/console-shell';
import { WebhooksPage } from './pages/webhooks-page';

interface Delivery {
  envelope: WebhookEnvelope;
  /** The detached JWS verified against the JWKS endpoint. */
  jws: boolean;
  /** The legacy base64 RSA-SHA512 signature verified with the same key. */
  legacy: boolean;
}

/**
 * The receiver a customer would run: it verifies both signature headers over the raw body with
 * the service's published keys, answers 200 to what verifies and 401 to the rest, and can be
 * stopped and started again on the same port.
 */
class Receiver {
  readonly deliveries: Delivery[] = [];
  private server: Server | null = null;
  private port = 0;
  private readonly jwks: ReturnType<typeof createRemoteJWKSet>;

  constructor(private readonly serviceUrl: string) {
    this.jwks = createRemoteJWKSet(new URL(JWKS_PATH, serviceUrl));
  }

  get url() {
    return `http://127.0.0.1:${this.port}/asset-ops-events`;
  }

  private async legacyValid(body: Buffer, signature: string, kid: string | undefined): Promise<boolean> {
    const { keys } = Jwks.parse(await (await fetch(new URL(JWKS_PATH, this.serviceUrl))).json());
    const jwk = keys.find((key) => key.kid === kid) ?? keys[0];
    if (!jwk) return false;
    return verify('sha512', body, createPublicKey({ key: jwk as JsonWebKey, format: 'jwk' }), Buffer.from(signature, 'base64'));
  }

  private async handle(body: Buffer, headers: Record<string, string | string[] | undefined>): Promise<number> {
    const [protectedHeader = '', , signature = ''] = String(headers[SIGNATURE_HEADER.toLowerCase()] ?? '').split('.');
    let jws = false;
    let kid: string | undefined;
    try {
      const verified = await flattenedVerify({ protected: protectedHeader, payload: body.toString('base64url'), signature }, this.jwks, {
        algorithms: ['RS512'],
      });
      jws = true;
      kid = verified.protectedHeader?.kid;
    } catch {
      jws = false;
    }
    const legacy = await this.legacyValid(body, String(headers[LEGACY_SIGNATURE_HEADER.toLowerCase()] ?? ''), kid);
    this.deliveries.push({ envelope: WebhookEnvelope.parse(JSON.parse(body.toString('utf8'))), jws, legacy });
    return jws && legacy ? 200 : 401;
  }

  async start() {
    const server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        this.handle(Buffer.concat(chunks), req.headers).then(
          (status) => res.writeHead(status).end(),
          () => res.writeHead(400).end(),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as { port: number }).port;
    this.server = server;
  }

  async stop() {
    const server = this.server;
    this.server = null;
    if (!server) return;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }

  of(txId: string) {
    return this.deliveries.filter((delivery) => delivery.envelope.resourceId === txId);
  }
}

/** Places a small HARBOR order settling into vault 0; answers the id of the delivery transaction its settlement creates. */
async function placeOrder(request: APIRequestContext, headers: Record<string, string>): Promise<string> {
  const res = await request.post('/v1/trading/orders', {
    headers,
    data: {
      via: { type: 'PROVIDER', providerId: 'HARBOR' },
      executionRequestDetails: { type: 'MARKET', side: 'BUY', baseAmount: '0.01', baseAssetId: 'ETH', quoteAssetId: 'USDT' },
      settlement: { type: 'PREFUNDED', destinationAccount: { type: 'VAULT_ACCOUNT', accountId: '0' } },
    },
  });
  expect(res.status(), await res.text()).toBe(202);
  const orderId = ((await res.json()) as { id: string }).id;
  let txId: string | undefined;
  await expect
    .poll(
      async () => {
        const list = (await (await request.get(`/v1/transactions?orderId=${orderId}`, { headers })).json()) as { id: string }[];
        txId = list[0]?.id;
        return txId;
      },
      { timeout: 60_000 },
    )
    .toBeTruthy();
  return txId!;
}

async function submitTransfer(request: APIRequestContext, headers: Record<string, string>, amount: string): Promise<string> {
  const res = await request.post('/v1/transactions', {
    headers,
    data: { assetId: 'BTC', source: { type: 'VAULT_ACCOUNT', id: '0' }, destination: { type: 'VAULT_ACCOUNT', id: '2' }, amount, note: 'webhooks e2e' },
  });
  expect(res.status(), await res.text()).toBe(200);
  return CreateTransactionResponse.parse(await res.json()).id;
}

test.describe('as an admin', () => {
  test.use({ signedInAs: 'admin' });

  test('notifications reach a registered receiver with valid signatures; while it is down they fail, and resent they are all delivered', async ({
    page,
    request,
    baseURL,
    apiSession,
  }) => {
    // An order settles in about eight seconds and its transaction takes ten more; ten failing attempts about fifteen more (WEBHOOK_RETRY_SCALE).
    test.setTimeout(240_000);
    const receiver = new Receiver(baseURL!);
    await receiver.start();
    const { headers } = await apiSession('admin');

    try {
      const shell = new ConsoleShell(page);
      const webhooks = new WebhooksPage(page);
      await shell.startOn('Webhooks', '/webhooks');
      await webhooks.register(receiver.url, 'e2e receiver');
      await expect(page).toHaveURL(/\/webhooks\/[^/?]+$/);
      const webhookId = webhooks.openWebhookId();
      await expect(webhooks.main.getByText('e2e receiver')).toBeVisible();

      // An order: the transaction its settlement creates sends each of its events, signed, and each is listed as delivered.
      const first = await placeOrder(request, headers);
      await expect(webhooks.notificationsOf(first).filter({ hasText: 'Transaction created' })).toContainText('Delivered', { timeout: 30_000 });
      await expect.poll(() => receiver.of(first).some((d) => d.envelope.data.status === 'COMPLETED'), { timeout: 60_000 }).toBe(true);
      await expect(webhooks.notificationsOf(first).filter({ hasNotText: 'Delivered' })).toHaveCount(0);
      const firstDeliveries = receiver.of(first);
      expect(firstDeliveries.length).toBeGreaterThanOrEqual(8);
      expect(firstDeliveries.every((d) => d.jws && d.legacy)).toBe(true);
      expect(firstDeliveries.every((d) => d.envelope.webhookId === webhookId)).toBe(true);
      expect(new Set(firstDeliveries.map((d) => d.envelope.eventType))).toEqual(new Set(['transaction.created', 'transaction.status.updated']));
      await expect(webhooks.notificationsOf(first)).toHaveCount(firstDeliveries.length);
      expect(await seriousViolations(page)).toEqual([]);

      // The receiver goes down: the next transfer's notifications are tried, retried and fail.
      await receiver.stop();
      const second = await submitTransfer(request, headers, '0.002');
      const secondRows = webhooks.notificationsOf(second);
      await expect(secondRows.first()).toBeVisible({ timeout: 30_000 });
      await expect(secondRows.filter({ hasText: /In progress|Failed/ }).first()).toBeVisible();
      await expect(secondRows.filter({ hasText: 'Failed' }).first()).toBeVisible({ timeout: 60_000 });
      const final = async () => {
        const res = await request.get(`/v1/webhooks/${webhookId}/notifications?resourceId=${second}&pageSize=100`, { headers });
        return NotificationsPage.parse(await res.json()).data;
      };
      // The transfer completes, then every one of its notifications runs out of attempts.
      await expect
        .poll(async () => TransactionWithTimeline.parse(await (await request.get(`/v1/transactions/${second}`, { headers })).json()).status, {
          timeout: 60_000,
        })
        .toBe('COMPLETED');
      await expect.poll(async () => (await final()).every((n) => n.status === 'FAILED'), { timeout: 90_000, intervals: [1_000] }).toBe(true);
      await expect(secondRows.filter({ hasNotText: 'Failed' })).toHaveCount(0);
      await expect(secondRows.first()).toContainText('10 of 10');

      // One of them, opened: ten attempts, none answered.
      await secondRows
        .first()
        .getByRole('button', { name: /^Open notification / })
        .click();
      await expect(webhooks.attempts.locator('tbody tr')).toHaveCount(10);
      await expect(webhooks.attempts.locator('tbody tr').filter({ hasText: 'No response' })).toHaveCount(10);
      await expect(webhooks.drawer.getByLabel('Payload JSON')).toContainText(second);
      expect(await seriousViolations(page)).toEqual([]);
      await webhooks.drawer.getByRole('button', { name: 'Close' }).click();

      // Only the failed ones, by the status filter in the address.
      await webhooks.statusChip('Failed').click();
      await expect(page).toHaveURL(/statuses=FAILED/);
      await expect(secondRows).toHaveCount((await final()).length);

      // The receiver is back; resending the failed ones delivers every one, signed as before.
      await receiver.start();
      const failedIds = (await final()).map((n) => n.id);
      await webhooks.resendFailedButton.click();
      await expect(secondRows).toHaveCount(0, { timeout: 30_000 });
      // The service's word first: while the unfiltered list reloads it can hold no rows at all, and a
      // check that every row says Delivered would then pass before any delivery happened.
      await expect.poll(async () => (await final()).every((n) => n.status === 'COMPLETED'), { timeout: 60_000, intervals: [500] }).toBe(true);
      await webhooks.statusChip('Failed').click();
      await expect(secondRows).toHaveCount(failedIds.length, { timeout: 30_000 });
      await expect(secondRows.filter({ hasNotText: 'Delivered' })).toHaveCount(0, { timeout: 30_000 });
      const redelivered = receiver.of(second);
      expect(new Set(redelivered.map((d) => d.envelope.id))).toEqual(new Set(failedIds));
      expect(redelivered.every((d) => d.jws && d.legacy)).toBe(true);
    } finally {
      await receiver.stop();
    }
  });
});

test.describe('as a viewer', () => {
  test.use({ signedInAs: 'viewer' });

  test('the signature guide links the service’s JWKS and gives a receiver to copy', async ({ page, request, baseURL }) => {
    const shell = new ConsoleShell(page);
    const webhooks = new WebhooksPage(page);
    await shell.startOn('Webhooks', '/webhooks');
    await expect(webhooks.registerButton).toHaveCount(0);
    await webhooks.signaturesLink.click();
    await expect(shell.main.getByRole('heading', { level: 1, name: 'Verifying webhook signatures' })).toBeVisible();

    const jwks = new URL(JWKS_PATH, baseURL).toString();
    await expect(webhooks.jwksUrl).toHaveAttribute('href', jwks);
    const keys = Jwks.parse(await (await request.get(jwks)).json()).keys;
    expect(keys.length).toBeGreaterThan(0);
    expect(keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS512' });
    await expect(webhooks.snippet).toContainText(`createRemoteJWKSet(new URL('${jwks}'))`);
    await expect(webhooks.snippet).toContainText('flattenedVerify');
    await expect(shell.main.getByRole('button', { name: 'Copy receiver code' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
