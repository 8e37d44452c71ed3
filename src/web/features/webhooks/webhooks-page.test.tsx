import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { notifications } from '@mantine/notifications';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRemoteJWKSet, flattenedVerify } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JWKS_PATH, MAX_ATTEMPTS, SIGNATURE_HEADER, Webhook, WebhookEnvelope } from '../../../contract/webhooks';
import { callService, callServiceFor, PEOPLE, realServiceForFile, signInTo } from '../../test/real-service';
import { renderRoutes } from '../../test/render';
import SignaturesPage from './signatures-page';
import WebhookPage from './webhook-page';
import WebhooksPage from './webhooks-page';

// The real service: local receivers allowed, the retry schedule scaled so 10 attempts take seconds.
const service = realServiceForFile();
const stops: (() => unknown)[] = [];

afterEach(async () => {
  while (stops.length > 0) await stops.pop()!();
});

function renderPage(path: string) {
  const user = userEvent.setup();
  const { address } = renderRoutes(
    { '/webhooks': <WebhooksPage />, '/webhooks/signatures': <SignaturesPage />, '/webhooks/:webhookId': <WebhookPage /> },
    path,
  );
  return { user, address };
}

/**
 * A receiver in this process that checks each delivery's detached JWS against the service's JWKS,
 * answers `answer` (changeable) and keeps the envelopes whose signature verified. Its path is its
 * own: once it closes, its port may be handed to the next test's receiver while the service still
 * retries to this one (as the server suite's WebhookReceiver, src/server/test/harness.ts).
 */
async function startReceiver() {
  const jwks = createRemoteJWKSet(new URL(JWKS_PATH, service.url));
  const receiver = { answer: 500, verified: [] as WebhookEnvelope[], forged: 0, url: '' };
  const path = `/${randomUUID()}/hooks`;
  const server: Server = createServer((req, res) => {
    if (req.url !== path) return void res.writeHead(404).end();
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const [protectedHeader, , signature] = String(req.headers[SIGNATURE_HEADER.toLowerCase()] ?? '').split('.');
      flattenedVerify({ protected: protectedHeader!, payload: body.toString('base64url'), signature: signature! }, jwks, { algorithms: ['RS512'] }).then(
        () => {
          receiver.verified.push(WebhookEnvelope.parse(JSON.parse(body.toString('utf8'))));
          res.writeHead(receiver.answer).end();
        },
        () => {
          receiver.forged += 1;
          res.writeHead(401).end();
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as { port: number }).port}${path}`;
  stops.push(() => new Promise((resolve) => server.close(resolve)));
  return receiver;
}

async function registerWebhook(url: string, events = ['transaction.created']): Promise<Webhook> {
  const response = await callService(service, '/v1/webhooks', { method: 'POST', body: { url, events, description: 'test receiver' } });
  expect(response.status, await response.clone().text()).toBe(201);
  return Webhook.parse(await response.json());
}

const notificationRows = () =>
  within(screen.getByRole('table', { name: 'Notifications' }))
    .getAllByRole('row')
    .slice(1);

describe('WebhooksPage', () => {
  it('shows a receiver that verifies real deliveries: the signature page’s snippet, run as it is', async () => {
    await signInTo(service, PEOPLE.admin);
    const { user, address } = renderPage('/webhooks/signatures');

    const jwks = `${window.location.origin}${JWKS_PATH}`;
    expect(await screen.findByTestId('jwks-url')).toHaveAttribute('href', jwks);
    expect(screen.getByTestId('jwks-url')).toHaveTextContent(jwks);
    expect(screen.getByRole('button', { name: 'Copy JWKS URL' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy receiver code' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Duplicates and retries' })).toHaveTextContent(/Delivery is at least once/);
    const snippet = screen.getByLabelText('Receiver code').textContent ?? '';
    expect(snippet).toContain(jwks);

    // Run the snippet as a user would, but against this test's service and on a free port. It sits
    // under node_modules so that its `import … from 'jose'` resolves as in the user's project.
    mkdirSync(join(process.cwd(), 'node_modules', '.cache'), { recursive: true });
    const dir = mkdtempSync(join(process.cwd(), 'node_modules', '.cache', 'verify-snippet-'));
    stops.push(() => rmSync(dir, { recursive: true, force: true }));
    const runnable = snippet
      .replace(jwks, `${service.url}${JWKS_PATH}`)
      .replace('.listen(8443);', ".listen(0, '127.0.0.1', function () { console.log(JSON.stringify({ port: this.address().port })); });");
    expect(runnable).not.toBe(snippet);
    writeFileSync(join(dir, 'receiver.mjs'), runnable);
    const child = spawn(process.execPath, [join(dir, 'receiver.mjs')], { stdio: ['ignore', 'pipe', 'inherit'] });
    stops.push(() => child.kill('SIGTERM'));
    const lines = createInterface({ input: child.stdout });
    const printed: string[] = [];
    const port = await new Promise<number>((resolve) => {
      lines.on('line', (line) => {
        printed.push(line);
        if (line.startsWith('{"port"')) resolve((JSON.parse(line) as { port: number }).port);
      });
    });

    // Register it through the console.
    cleanup();
    renderPage('/webhooks');
    await user.click(await screen.findByRole('button', { name: 'Register webhook' }));
    const form = await screen.findByRole('form', { name: 'Register a webhook' });
    await user.type(within(form).getByRole('textbox', { name: /URL/ }), `http://127.0.0.1:${port}/fireblocks`);
    await user.type(within(form).getByRole('textbox', { name: /Description/ }), 'The snippet, as copied');
    await user.click(within(form).getByRole('button', { name: 'Register webhook' }));
    await waitFor(() => expect(address()).toMatch(/^\/webhooks\/[^/]+$/));
    expect(await screen.findByText('The snippet, as copied')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send test event' }));
    await waitFor(() => expect(notificationRows()[0]).toHaveTextContent('Delivered'));
    expect(notificationRows()[0]).toHaveTextContent('Transaction created');
    expect(notificationRows()[0]).toHaveTextContent('(test)');
    // The snippet answered 200 only because the signature verified, and handled the event.
    await waitFor(() => expect(printed.some((line) => line.startsWith('transaction.created test-'))).toBe(true));

    // Whatever is not signed by the service is refused.
    const forged = await fetch(`http://127.0.0.1:${port}/fireblocks`, {
      method: 'POST',
      headers: { [SIGNATURE_HEADER]: `${Buffer.from(JSON.stringify({ alg: 'RS512', kid: 'x' })).toString('base64url')}..c2lnbmF0dXJl` },
      body: JSON.stringify({ id: 'forged' }),
    });
    expect(forged.status).toBe(401);
  });

  it('records each failed attempt, fails the notification after the last, and delivers it when the failed ones are resent', async () => {
    await signInTo(service, PEOPLE.admin);
    const receiver = await startReceiver();
    const webhook = await registerWebhook(receiver.url);
    const show = vi.spyOn(notifications, 'show');
    stops.push(() => show.mockRestore());
    const { user, address } = renderPage(`/webhooks/${webhook.id}`);

    await user.click(await screen.findByRole('button', { name: 'Send test event' }));
    await waitFor(() => expect(notificationRows()).toHaveLength(1));
    // The receiver answers 500: the service tries again on its (scaled) schedule, then gives up.
    await waitFor(() => expect(notificationRows()[0]).toHaveTextContent('Failed'));
    expect(within(notificationRows()[0]!).getByTestId('notification-attempts')).toHaveTextContent(`${MAX_ATTEMPTS} of ${MAX_ATTEMPTS}`);
    expect(receiver.verified).toHaveLength(MAX_ATTEMPTS);
    // Every attempt carried the same envelope, so a receiver can drop duplicates by its id.
    expect(new Set(receiver.verified.map((envelope) => envelope.id)).size).toBe(1);

    await user.click(screen.getByRole('checkbox', { name: 'Failed' }));
    await waitFor(() => expect(address()).toBe(`/webhooks/${webhook.id}?statuses=FAILED`));
    await waitFor(() => expect(notificationRows()).toHaveLength(1));

    await user.click(within(notificationRows()[0]!).getByRole('button', { name: /^Open notification / }));
    const drawer = await screen.findByRole('dialog', { name: 'Notification' });
    expect(address()).toMatch(/[?&]notification=/);
    const attempts = await within(drawer).findByRole('table', { name: 'Delivery attempts' });
    const attemptRows = within(attempts).getAllByRole('row').slice(1);
    expect(attemptRows).toHaveLength(MAX_ATTEMPTS);
    for (const row of attemptRows) {
      expect(row).toHaveTextContent('500');
      expect(row).toHaveTextContent(/\d+ ms/);
    }
    expect(within(drawer).getByLabelText('Payload JSON')).toHaveTextContent(receiver.verified[0]!.resourceId);
    await user.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(address()).not.toMatch(/notification=/));

    // The receiver is fixed; the failed notification is resent and delivered under the same id.
    receiver.answer = 200;
    await user.click(screen.getByRole('button', { name: 'Resend all failed' }));
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(expect.objectContaining({ title: 'Failed notifications queued again', message: '1 notification is delivered again.' })),
    );
    await user.click(screen.getByRole('checkbox', { name: 'Failed' }));
    await waitFor(() => expect(notificationRows()[0]).toHaveTextContent('Delivered'));
    expect(receiver.verified).toHaveLength(MAX_ATTEMPTS + 1);
    expect(receiver.verified.at(-1)!.id).toBe(receiver.verified[0]!.id);
    expect(receiver.forged).toBe(0);

    // One notification can be resent on its own, whatever its status.
    await user.click(within(notificationRows()[0]!).getByRole('button', { name: /^Open notification / }));
    const again = await screen.findByRole('dialog', { name: 'Notification' });
    await user.click(within(again).getByRole('button', { name: 'Resend' }));
    await waitFor(() => expect(receiver.verified).toHaveLength(MAX_ATTEMPTS + 2));
    // The drawer follows the new round: the newest attempt, first, is the receiver's 200.
    await waitFor(() => expect(within(within(again).getByRole('table', { name: 'Delivery attempts' })).getAllByRole('row')).toHaveLength(MAX_ATTEMPTS + 3));
    expect(within(within(again).getByRole('table', { name: 'Delivery attempts' })).getAllByRole('row')[1]).toHaveTextContent('200');
  });

  it('puts the service’s verdict on the URL field, then edits and deletes the webhook', async () => {
    await signInTo(service, PEOPLE.admin);
    const { user, address } = renderPage('/webhooks');

    await user.click(await screen.findByRole('button', { name: 'Register webhook' }));
    const form = await screen.findByRole('form', { name: 'Register a webhook' });
    const url = within(form).getByRole('textbox', { name: /URL/ });
    await user.type(url, 'ftp://hooks.example.com/x');
    await user.click(within(form).getByRole('button', { name: 'Register webhook' }));
    await waitFor(() => expect(url).toHaveAttribute('aria-invalid', 'true'));
    expect(within(form).getByText(/url must use https/)).toBeInTheDocument();

    // No event at all is refused in the browser, by the contract's rule.
    await user.click(within(form).getByRole('checkbox', { name: /Transaction created/ }));
    await user.click(within(form).getByRole('checkbox', { name: /Transaction status updated/ }));
    await user.clear(url);
    await user.type(url, 'http://127.0.0.1:9/edited-later');
    await user.click(within(form).getByRole('button', { name: 'Register webhook' }));
    expect(await within(form).findByText('events must name at least one event type')).toBeInTheDocument();
    await user.click(within(form).getByRole('checkbox', { name: /Transaction stuck/ }));
    await user.click(within(form).getByRole('button', { name: 'Register webhook' }));
    await waitFor(() => expect(address()).toMatch(/^\/webhooks\/[^/]+$/));
    const webhookId = decodeURIComponent(address().split('/')[2]!);

    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const edit = await screen.findByRole('form', { name: 'Edit webhook' });
    expect(within(edit).getByRole('checkbox', { name: /Transaction stuck/ })).toBeChecked();
    await user.click(within(edit).getByRole('checkbox', { name: /Transaction created/ }));
    await user.type(within(edit).getByRole('textbox', { name: /Description/ }), 'Alerts desk');
    await user.click(within(edit).getByRole('switch', { name: /Enabled/ }));
    await user.click(within(edit).getByRole('button', { name: 'Save webhook' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit webhook' })).not.toBeInTheDocument());
    expect(await screen.findByText('Alerts desk')).toBeInTheDocument();
    expect(screen.getAllByText('Disabled').length).toBeGreaterThan(0);
    const stored = await callServiceFor(service, `/v1/webhooks/${webhookId}`, Webhook);
    expect(stored).toMatchObject({ description: 'Alerts desk', status: 'DISABLED' });
    expect([...stored.events].sort()).toEqual(['transaction.alert.stuck', 'transaction.created']);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this webhook?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete webhook' }));
    await waitFor(() => expect(address()).toBe('/webhooks'));
    expect((await callService(service, `/v1/webhooks/${webhookId}`)).status).toBe(404);
  });

  it('lets a viewer read webhooks and notifications but change nothing', async () => {
    await signInTo(service, PEOPLE.admin);
    const webhook = await registerWebhook('http://127.0.0.1:9/viewer-sees-this');
    await signInTo(service, PEOPLE.viewer);
    renderPage('/webhooks');

    expect(await screen.findByRole('link', { name: webhook.url })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Register webhook' })).not.toBeInTheDocument();
    cleanup();
    renderPage(`/webhooks/${webhook.id}`);
    expect(await screen.findByRole('heading', { name: 'Notifications' })).toBeInTheDocument();
    for (const name of ['Send test event', 'Edit', 'Delete', 'Resend all failed']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });
});
