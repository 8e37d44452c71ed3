import { generateKeyPairSync } from 'node:crypto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { compactDecrypt } from 'jose';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BENEFICIARY_FIELDS } from '../../../contract/ivms101';
import type { RequiredActionsResponse, TravelRuleIntegration, TravelRuleMessage, Vasp } from '../../../contract/travel-rule';
import { fakeService, signInAs, unknownCall } from '../../test/fake-service';
import { renderPage } from '../../test/render';
import { jsonResponse } from '../../test/service';
import TravelRulePage from './travel-rule-page';

const OWN = 'did:web:asset-ops-demo-custody.example';
const COUNTERPARTY = 'did:web:isarblock.example';
const integration: TravelRuleIntegration = { customerIntegrationId: '7b0f8c1e-4a52-4d0e-9a47-3f1f3b9c2d10', vaspId: OWN, createdAt: 1 };
const BASE = `/v1/screening/trlink/customers/integration/${integration.customerIntegrationId}`;
const TRM_ID = '1c9e6f3a-2b4d-4c8e-9f1a-5d7b3e2c1a00';

const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const vasp = (id: string, name: string, withKey = false): Vasp => ({
  id,
  name,
  legalName: `${name} GmbH`,
  geographicAddress: { country: 'DE', formattedAddress: 'Maximilianstraße 13, 80539 München, Germany' },
  nationalIdentification: { identifier: 'DE-1', type: 'RAID', authority: 'Commercial register' },
  ...(withKey ? { publicKey: keys.publicKey.export({ type: 'spki', format: 'pem' }).toString(), publicKeyFingerprint: 'AB:CD' } : {}),
});

const message = (overrides: Partial<TravelRuleMessage> = {}): TravelRuleMessage => ({
  id: TRM_ID,
  externalId: 'demo-trm-003',
  asset: { format: 'fireblocks', data: { network: 'Bitcoin', ticker: 'BTC', ucid: 1, id: 'BTC' } },
  amount: '0.125',
  direction: 'in',
  txnInfo: {
    originatorWalletAddress: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    beneficiaryWalletAddress: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh',
    txHash: 'f4184fc5',
  },
  ivms101: { version: 'IVMS101.2023', data: 'x', filledFields: ['Originator.originatorPerson[].naturalPerson.name.nameIdentifier[].primaryIdentifier'] },
  version: '1',
  status: 'PENDING',
  reason: 'Waiting for the beneficiary PII that Isarblock requires',
  fiatValue: { amount: '12187.34', currency: 'USD' },
  originatorVaspId: COUNTERPARTY,
  beneficiaryVaspId: OWN,
  createdAt: Date.UTC(2026, 0, 10),
  updatedAt: Date.UTC(2026, 0, 10),
  ...overrides,
});

const required = [
  BENEFICIARY_FIELDS.naturalTown,
  BENEFICIARY_FIELDS.naturalCountry,
  BENEFICIARY_FIELDS.legalName,
  BENEFICIARY_FIELDS.legalTown,
  BENEFICIARY_FIELDS.legalCountry,
];

function Location() {
  const location = useLocation();
  return <output data-testid="location">{location.search}</output>;
}

/** A service holding one pending inbound message that accepts the first upload it gets. */
function service() {
  let current = message();
  const calls = fakeService((call) => {
    const path = call.path;
    if (path === '/v1/screening/trlink/integration') return jsonResponse(200, integration);
    if (path.startsWith(`${BASE}/trm?`))
      return jsonResponse(200, {
        data: [current, message({ id: '2c9e6f3a-2b4d-4c8e-9f1a-5d7b3e2c1a00', externalId: 'demo-trm-006', status: 'ACCEPTED', direction: 'out' })],
      });
    if (path === `${BASE}/trm/${TRM_ID}`) return jsonResponse(200, current);
    if (path === `${BASE}/trm/${TRM_ID}/required_actions`) {
      const body: RequiredActionsResponse = {
        actions:
          current.status === 'PENDING'
            ? [
                {
                  type: 'UPLOAD_BENEFICIARY_PII',
                  description: 'Isarblock needs the beneficiary’s identity.',
                  data: { beneficiaryRequiredFields: required, originatorRequiredFields: [] },
                },
              ]
            : [],
      };
      return jsonResponse(200, body);
    }
    if (path === `${BASE}/trm/${TRM_ID}/resolve_action`) {
      current = message({ status: 'ACCEPTED', reason: 'Isarblock accepted the beneficiary PII', version: '2' });
      return jsonResponse(200, current);
    }
    if (path === `${BASE}/vasps/${encodeURIComponent(COUNTERPARTY)}`) return jsonResponse(200, vasp(COUNTERPARTY, 'Isarblock', true));
    if (path === `${BASE}/vasps/${encodeURIComponent(OWN)}`) return jsonResponse(200, vasp(OWN, 'Asset Ops Demo Custody', true));
    return unknownCall(call);
  });
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('TravelRulePage', () => {
  it('lists the messages and keeps the status filter in the address', async () => {
    await signInAs('SECURITY_ADMIN');
    const calls = service();
    const user = userEvent.setup();
    renderPage(
      <>
        <TravelRulePage />
        <Location />
      </>,
      '/compliance/travel-rule',
    );
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Pending.*Inbound.*0\.125 BTC.*12,187\.34 USD/),
      expect.stringMatching(/^Accepted.*Outbound/),
    ]);
    await waitFor(() => expect(rows[0]).toHaveTextContent('Isarblock'));

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Pending' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('?status=PENDING'));
    await waitFor(() => expect(calls.some((c) => c.path === `${BASE}/trm?pageSize=20&status=PENDING`)).toBe(true));
  });

  it('shows a pending message and resolves it with beneficiary PII encrypted in the browser for the counterparty', async () => {
    await signInAs('SECURITY_ADMIN');
    const calls = service();
    const user = userEvent.setup();
    renderPage(<TravelRulePage />, `/compliance/travel-rule?trm=${TRM_ID}`);

    expect(await screen.findByRole('heading', { name: 'Message demo-trm-003' })).toBeInTheDocument();
    expect(screen.getByTestId('trm-status')).toHaveTextContent('Waiting for the beneficiary PII that Isarblock requires');
    expect(screen.getByText('0.125 BTC')).toBeInTheDocument();
    expect(screen.getByText('12,187.34 USD')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Originator fields filled' })).getByText('Family name (person)')).toBeInTheDocument();
    expect(await screen.findByText('For a person: Town of address, Country of address.')).toBeInTheDocument();
    const form = await screen.findByRole('form', { name: 'Beneficiary information for Isarblock' });

    // Nothing leaves the browser until the form is complete.
    await user.click(within(form).getByRole('button', { name: 'Encrypt and send' }));
    expect(await within(form).findAllByText('Isarblock requires this')).toHaveLength(2);
    expect(within(form).getByRole('textbox', { name: /Family name/ })).toHaveAttribute('aria-invalid', 'true');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.type(within(form).getByRole('textbox', { name: /Family name/ }), 'Svensson');
    await user.type(within(form).getByRole('textbox', { name: /Town/ }), 'Stockholm');
    await user.click(within(form).getByRole('combobox', { name: /^Country( \*)?$/ }));
    await user.click(await screen.findByRole('option', { name: 'Sweden (SE)' }));
    await user.click(within(form).getByRole('button', { name: 'Encrypt and send' }));

    expect(await screen.findByText('Nothing is required of this workspace for this message.')).toBeInTheDocument();
    expect(screen.getByTestId('trm-status')).toHaveTextContent('Isarblock accepted the beneficiary PII');
    const [post] = calls.filter((c) => c.method === 'POST');
    expect(post!.headers.get('Idempotency-Key')).toMatch(/^[0-9a-f]{32}$/);
    const body = post!.body as { type: string; data: { beneficiaryPii: { ivms101: { version: string; data: string; filledFields: string[] } } } };
    expect(body.type).toBe('UPLOAD_BENEFICIARY_PII');
    const { ivms101 } = body.data.beneficiaryPii;
    expect(ivms101.version).toBe('IVMS101.2023');
    expect(ivms101.filledFields).toEqual(
      expect.arrayContaining([BENEFICIARY_FIELDS.naturalFamilyName.path, BENEFICIARY_FIELDS.naturalTown.path, BENEFICIARY_FIELDS.naturalCountry.path]),
    );
    // Only the counterparty's private key reads what was sent.
    const { plaintext } = await compactDecrypt(atob(ivms101.data), keys.privateKey);
    expect(JSON.parse(new TextDecoder().decode(plaintext))).toEqual({
      beneficiary: {
        beneficiaryPerson: [
          {
            naturalPerson: {
              name: { nameIdentifier: [{ primaryIdentifier: 'Svensson', naturalPersonNameIdentifierType: 'LEGL' }] },
              geographicAddress: [{ addressType: 'HOME', townName: 'Stockholm', country: 'SE' }],
            },
          },
        ],
      },
      payloadMetadata: { payloadVersion: '101.2023' },
    });
  });

  it('looks a VASP up by DID and shows its public key with its fingerprint', async () => {
    await signInAs('AUDITOR');
    service();
    renderPage(<TravelRulePage />, `/compliance/travel-rule?tab=vasps&vasp=${encodeURIComponent(COUNTERPARTY)}`);
    const card = await screen.findByRole('region', { name: 'Isarblock' });
    expect(within(card).getByText('Isarblock GmbH')).toBeInTheDocument();
    expect(within(card).getByText('AB:CD')).toBeInTheDocument();
    expect(within(card).getByLabelText('Public key of Isarblock')).toHaveTextContent('-----BEGIN PUBLIC KEY-----');
    expect(within(card).getByRole('button', { name: 'Copy public key' })).toBeInTheDocument();
  });

  it('tells a workspace without a Travel Rule integration how to connect one, instead of a failure', async () => {
    await signInAs('VIEWER');
    fakeService((call) =>
      call.path === '/v1/screening/trlink/integration' ? jsonResponse(404, { message: 'No Travel Rule integration', code: 404 }) : unknownCall(call),
    );
    renderPage(<TravelRulePage />, '/compliance/travel-rule');

    expect(await screen.findByRole('heading', { name: 'No Travel Rule integration' })).toBeInTheDocument();
    expect(screen.getByText(/not connected to the Travel Rule network yet/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
