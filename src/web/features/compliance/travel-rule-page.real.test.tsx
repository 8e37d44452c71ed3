import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TravelRuleIntegration, TravelRuleMessage } from '../../../contract/travel-rule';
import { callServiceFor, PEOPLE, type RealService, signInTo, startRealService } from '../../test/real-service';
import { renderPage } from '../../test/render';
import TravelRulePage from './travel-rule-page';

// The real service, whose workspace gets a Travel Rule integration (as Asset Ops Demo Custody) in beforeAll.
let service: RealService;
let base: string;

beforeAll(async () => {
  service = await startRealService();
  await signInTo(service, PEOPLE.admin);
  const integration = await callServiceFor(service, '/v1/screening/trlink/integration', TravelRuleIntegration, {
    method: 'POST',
    body: { vaspId: 'did:web:asset-ops-demo-custody.example' },
  });
  base = `/v1/screening/trlink/customers/integration/${integration.customerIntegrationId}`;
});

afterAll(async () => {
  await service?.stop();
});

describe('TravelRulePage against the real service', () => {
  it('lists the VASP directory’s first page before any search, and pages on', async () => {
    await signInTo(service, PEOPLE.viewer);
    const user = userEvent.setup();
    renderPage(<TravelRulePage />, '/compliance/travel-rule?tab=vasps');

    const table = await screen.findByRole('table', { name: /^The first 20 VASPs$/ });
    expect(within(table).getAllByRole('row')).toHaveLength(21);
    expect(within(table).getAllByRole('link')).toHaveLength(20);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(table).getAllByRole('row').length).toBeGreaterThan(21));
  });

  const jweHeader = btoa(JSON.stringify({ alg: 'RSA-OAEP-256', enc: 'A256GCM' })).replace(/=+$/, '');

  it('breaks a long IVMS101 path anywhere, so it stays inside its card', async () => {
    await signInTo(service, PEOPLE.admin);
    const longPath = 'Originator.originatorPerson[].legalPerson.geographicAddress[].addressLine[]';
    const message = await callServiceFor(service, `${base}/trm`, TravelRuleMessage, {
      method: 'POST',
      body: {
        direction: 'INBOUND',
        assetId: 'USDC',
        amount: '10',
        srcAddress: '0x4B0897b0513fdC7C541B6d9D7E929C4e5364D2dB',
        destAddress: '0x583031D1113aD414F02576BD6afaBfb302140225',
        originatorVaspId: 'did:web:northwind-digital.example',
        // Only the fields' names matter here: the payload is a JWE in shape, which the service checks, and nobody decrypts.
        ivms101: { version: 'IVMS101.2023', data: `${jweHeader}.a.b.c.d`, filledFields: [longPath] },
      },
    });
    renderPage(<TravelRulePage />, `/compliance/travel-rule?trm=${message.id}`);

    // A path with no words for it is shown as it is: one unbroken string, which the list may break anywhere.
    const fields = await screen.findByRole('list', { name: 'Originator fields filled' });
    expect(within(fields).getByText(longPath)).toBeInTheDocument();
    expect(getComputedStyle(fields).overflowWrap).toBe('anywhere');
  });
});
