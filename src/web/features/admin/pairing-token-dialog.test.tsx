import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiUser } from '../../../contract/admin';
import { fakeService, unknownCall } from '../../test/fake-service';
import { renderAt } from '../../test/render';
import { jsonResponse } from '../../test/service';
import { PairingTokenDialog } from './pairing-token-dialog';

const waiting: ApiUser = {
  id: '6f1d3c7e-8d5a-4a57-9f77-2b8f3c1a9e01',
  name: 'Cosigner',
  role: 'SIGNER',
  enabled: true,
  status: 'PENDING_ACTIVATION',
  userType: 'API',
};
const TOKEN = 'pairing.token.value';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('PairingTokenDialog', () => {
  it('issues a token only when asked, then shows it once with a copy button and a QR code', async () => {
    const calls = fakeService((call) =>
      call.method === 'POST' && call.path === `/v1/management/api_users/${waiting.id}/pairing_token`
        ? jsonResponse(201, { ...waiting, status: 'PENDING_DEVICE_PAIRING', pairingToken: TOKEN })
        : unknownCall(call),
    );
    const onClose = vi.fn();
    const user = userEvent.setup();
    renderAt(<PairingTokenDialog user={waiting} onClose={onClose} />);

    const dialog = screen.getByRole('dialog', { name: 'Pair “Cosigner” with its device' });
    expect(dialog).toHaveTextContent('expires in 24 hours');
    expect(calls).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Issue pairing token' }));

    expect(await screen.findByText(TOKEN)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy pairing token' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('This pairing token will not be shown again. It can be used once and expires in 24 hours.');
    const qr = await screen.findByRole('img', { name: 'QR code of the pairing token' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(calls[0]!.headers.get('Idempotency-Key')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByText(TOKEN)).not.toBeInTheDocument());
  });
});
