import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeCall, fakeService, unknownCall } from '../../test/fake-service';
import { renderAt } from '../../test/render';
import { jsonResponse } from '../../test/service';
import { CreateApiUserForm } from './create-api-user-form';

// jsdom's ArrayBuffers are foreign to Node's WebCrypto; the generator has its own test in Node.
vi.mock('./csr-generator', () => ({
  generateKeyAndCsr: vi.fn(async (commonName: string) => ({
    csrPem: `-----BEGIN CERTIFICATE REQUEST-----\nfor ${commonName}\n-----END CERTIFICATE REQUEST-----`,
    privateKeyPem: '-----BEGIN PRIVATE KEY-----\nsecret\n-----END PRIVATE KEY-----',
  })),
}));

const PASTED_CSR = '-----BEGIN CERTIFICATE REQUEST-----\nMIIC…\n-----END CERTIFICATE REQUEST-----';

function service(create: (call: FakeCall) => Response = () => new Response(null, { status: 200 }), threshold = 2) {
  return fakeService((call) => {
    if (call.path === '/v1/admin_quorum') return jsonResponse(200, { adminQuorumThreshold: threshold, admins: [], pendingRequestId: null });
    if (call.method === 'POST' && call.path === '/v1/management/api_users') return create(call);
    return unknownCall(call);
  });
}

function renderForm() {
  const user = userEvent.setup();
  const onDone = vi.fn();
  renderAt(<CreateApiUserForm onDone={onDone} />);
  return { user, onDone, submit: () => user.click(screen.getByRole('button', { name: 'Send for approval' })) };
}

const creations = (calls: FakeCall[]) => calls.filter((call) => call.method === 'POST');

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:private-key');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('CreateApiUserForm', () => {
  it('offers every role but Owner, and starts from the least privileged', async () => {
    service();
    const { user } = renderForm();

    const role = screen.getByRole('combobox', { name: /Role/ });
    expect(role).toHaveValue('Viewer');
    await user.click(role);
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toContain('Non-Signing Admin');
    expect(options).toContain('Signer');
    expect(options).not.toContain('Owner');
  });

  it('refuses a name over 30 characters and a missing certificate request before sending anything', async () => {
    const calls = service();
    const { user, submit } = renderForm();

    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'A name that is clearly too long for it');
    await user.click(screen.getByRole('radio', { name: 'Paste a certificate request (CSR)' }));
    await submit();

    expect(await screen.findByText('name must be at most 30 characters')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Name/ })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('csrPem is required')).toBeInTheDocument();
    expect(creations(calls)).toHaveLength(0);
  });

  it('asks for a key pair to be generated, and for its private key to be downloaded, before sending', async () => {
    const calls = service();
    const { user, submit } = renderForm();
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Treasury bot');

    await submit();
    expect(await screen.findByText('Generate a key pair first.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Generate key pair' }));
    const download = await screen.findByRole('button', { name: 'Download private key' });
    await submit();
    expect(await screen.findByText(/Download the private key first: it is the only copy/)).toBeInTheDocument();
    expect(creations(calls)).toHaveLength(0);

    await user.click(download);
    const blob = vi.mocked(URL.createObjectURL).mock.calls[0]![0] as Blob;
    expect(await blob.text()).toContain('-----BEGIN PRIVATE KEY-----');
    // Offered once: the key is gone from the page once saved.
    expect(screen.queryByRole('button', { name: 'Download private key' })).not.toBeInTheDocument();
    expect(screen.getByText('treasury-bot-private-key.pem')).toBeInTheDocument();
  });

  it('sends the generated certificate request, and never the private key', async () => {
    const calls = service();
    const { user, submit, onDone } = renderForm();
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Treasury bot');
    await user.click(screen.getByRole('combobox', { name: /Role/ }));
    await user.click(screen.getByRole('option', { name: 'Signer' }));
    await user.type(screen.getByRole('combobox', { name: /Co-signer setup type/ }), 'SGX_MACHINE');
    await user.click(screen.getByRole('button', { name: 'Generate key pair' }));
    await user.click(await screen.findByRole('button', { name: 'Download private key' }));

    await submit();

    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const [sent] = creations(calls);
    expect(sent!.body).toEqual({
      name: 'Treasury bot',
      role: 'SIGNER',
      coSignerSetupType: 'SGX_MACHINE',
      csrPem: '-----BEGIN CERTIFICATE REQUEST-----\nfor Treasury bot\n-----END CERTIFICATE REQUEST-----',
    });
    expect(JSON.stringify(sent!.body)).not.toContain('PRIVATE KEY');
    expect(sent!.headers.get('Idempotency-Key')).toBeTruthy();
  });

  it('says before sending how many approvals the new user needs', async () => {
    service(undefined, 3);
    renderForm();
    expect(await screen.findByText(/It needs 3 approvals, the admin quorum threshold/)).toBeInTheDocument();
  });

  it('puts the service’s objection to a pasted certificate request on that field', async () => {
    service(() => jsonResponse(400, { message: "csrPem's self-signature does not verify: the request was altered or not signed by its key", code: 400 }));
    const { user, submit, onDone } = renderForm();
    await user.type(screen.getByRole('textbox', { name: /Name/ }), 'Reporting');
    await user.click(screen.getByRole('radio', { name: 'Paste a certificate request (CSR)' }));
    const csr = screen.getByRole('textbox', { name: /Certificate request/ });
    await user.click(csr);
    await user.paste(PASTED_CSR);

    await submit();

    expect(await screen.findByText(/self-signature does not verify/)).toBeInTheDocument();
    expect(csr).toHaveAttribute('aria-invalid', 'true');
    expect(onDone).not.toHaveBeenCalled();
  });
});
