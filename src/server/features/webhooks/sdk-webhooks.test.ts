import { Fireblocks } from '@fireblocks/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vaultTransfer } from '../../test/fixtures';
import { startSdkServer, WebhookReceiver, type SdkServer } from '../../test/harness';
import { seedTradingDemo } from '../trading/demo';

let sdk: SdkServer;
let fireblocks: Fireblocks;
const receiver = new WebhookReceiver();
let url: string;

beforeAll(async () => {
  // The real server with its transaction engine and delivery worker, and vault accounts to transfer between.
  sdk = await startSdkServer({ ownerEmail: 'owner@sdk-webhooks.test', apiUserName: 'Webhooks bot', role: 'ADMIN', prepare: seedTradingDemo });
  fireblocks = sdk.fireblocks;
  await receiver.start();
  url = receiver.url;
});

afterAll(async () => {
  await receiver.stop();
  await sdk?.close();
});

describe('the official SDK against transactions and webhooks', { timeout: 120_000 }, () => {
  it('registers a webhook, submits a transfer, follows it to COMPLETED and reads its notifications', async () => {
    const hook = await fireblocks.webhooksV2.createWebhook({
      createWebhookRequest: { url, events: ['transaction.created', 'transaction.status.updated'], description: 'sdk' },
    });
    expect(hook.statusCode).toBe(201);
    expect(hook.data).toMatchObject({ url, status: 'ENABLED' });
    expect((await fireblocks.webhooksV2.getWebhooks({})).data.data.map((w) => w.id)).toContain(hook.data.id);

    const created = await fireblocks.transactions.createTransaction({
      idempotencyKey: 'sdk-transfer-1',
      transactionRequest: vaultTransfer('12.5', 'from the SDK'),
    });
    expect(created.data.status).toBe('SUBMITTED');
    const id = created.data.id!;
    const end = Date.now() + 60_000;
    let tx = (await fireblocks.transactions.getTransaction({ txId: id })).data;
    while (tx.status !== 'COMPLETED' && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 250));
      tx = (await fireblocks.transactions.getTransaction({ txId: id })).data;
    }
    expect(tx).toMatchObject({ status: 'COMPLETED', subStatus: 'CONFIRMED', assetId: 'USDC', amountInfo: { amount: '12.5' }, note: 'from the SDK' });

    const list = await fireblocks.transactions.getTransactions({ assets: 'USDC', limit: 5 });
    expect(Array.isArray(list.data)).toBe(true);
    expect(list.data.map((t) => t.id)).toContain(id);
    // Page by page with the SDK's own parameters: next from the next-page header, prev from prev-page.
    await fireblocks.transactions.createTransaction({
      transactionRequest: vaultTransfer('1', 'a second one'),
    });
    const firstPage = await fireblocks.transactions.getTransactions({ limit: 1 });
    const next = new URL(firstPage.headers['next-page']!).searchParams.get('next')!;
    const secondPage = await fireblocks.transactions.getTransactions({ limit: 1, next });
    expect(secondPage.data[0]!.id).not.toBe(firstPage.data[0]!.id);
    const prev = new URL(secondPage.headers['prev-page']!).searchParams.get('prev')!;
    expect((await fireblocks.transactions.getTransactions({ limit: 1, prev })).data.map((t) => t.id)).toEqual(firstPage.data.map((t) => t.id));

    const mineOf = () => receiver.envelopes().filter((r) => r.resourceId === id);
    while (mineOf().length < 10 && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
    const mine = mineOf();
    expect(mine[0]!.eventType).toBe('transaction.created');
    // One per status after SUBMITTED: screening, authorization, queue, signature, broadcast, three blocks, completion.
    expect(mine.filter((r) => r.eventType === 'transaction.status.updated')).toHaveLength(9);

    const notifications = await fireblocks.webhooksV2.getNotifications({ webhookId: hook.data.id, resourceId: id, pageSize: 50 });
    expect(notifications.data.data).toHaveLength(10);
    expect(notifications.data.data.every((n) => n.status === 'COMPLETED')).toBe(true);
    const attempts = await fireblocks.webhooksV2.getNotificationAttempts({ webhookId: hook.data.id, notificationId: notifications.data.data[0]!.id });
    expect(attempts.data.data[0]!.responseCode).toBe(200);
  });
});
