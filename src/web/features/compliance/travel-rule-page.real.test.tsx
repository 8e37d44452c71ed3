import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { BENEFICIARY_FIELDS } from '../../../contract/ivms101';
import { TravelRuleIntegration, TravelRuleMessage } from '../../../contract/travel-rule';
import { callServiceFor, PEOPLE, realServiceForFile, signInTo } from '../../test/real-service';
import { renderPage, TestProviders } from '../../test/render';
import { BeneficiaryForm } from './beneficiary-form';
import TravelRulePage from './travel-rule-page';

// The real service, whose workspace gets a Travel Rule integration (as Asset Ops Demo Custody) in beforeAll.
const service = realServiceForFile();
let base: string;

beforeAll(async () => {
  await signInTo(service, PEOPLE.admin);
  const integration = await callServiceFor(service, '/v1/screening/trlink/integration', TravelRuleIntegration, {
    method: 'POST',
    body: { vaspId: 'did:web:asset-ops-demo-custody.example' },
  });
  base = `/v1/screening/trlink/customers/integration/${integration.customerIntegrationId}`;
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

  it('shows an amount to the wei as every amount is shown, in the list and in the message', async () => {
    await signInTo(service, PEOPLE.admin);
    const message = await callServiceFor(service, `${base}/trm`, TravelRuleMessage, {
      method: 'POST',
      body: {
        direction: 'INBOUND',
        assetId: 'ETH',
        amount: '1.500000000000000001',
        srcAddress: '0x4B0897b0513fdC7C541B6d9D7E929C4e5364D2dB',
        destAddress: '0x583031D1113aD414F02576BD6afaBfb302140225',
        originatorVaspId: 'did:web:northwind-digital.example',
        ivms101: { version: 'IVMS101.2023', data: `${jweHeader}.a.b.c.d`, filledFields: [] },
      },
    });
    const user = userEvent.setup();
    renderPage(<TravelRulePage />, '/compliance/travel-rule');
    const row = (await screen.findByRole('link', { name: `Open message ${message.externalId}` })).closest('tr')!;
    expect(row).toHaveTextContent('≈1.5 ETH');
    await user.click(within(row).getByRole('link', { name: `Open message ${message.externalId}` }));
    const transfer = await screen.findByRole('table', { name: 'Transfer' });
    const amount = within(within(transfer).getByRole('row', { name: /^Amount/ })).getByText('≈1.5 ETH');
    await user.hover(amount);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Exactly 1.500000000000000001 ETH');
  });

  it('takes a date of birth as the console writes a day, says so, and says what it cannot read', async () => {
    await signInTo(service, PEOPLE.admin);
    const user = userEvent.setup();
    render(
      <TestProviders>
        <BeneficiaryForm
          integrationId="integration"
          trmId="trm"
          counterparty={{ id: 'did:web:isarblock.example', name: 'Isarblock' }}
          requiredFields={[BENEFICIARY_FIELDS.naturalFamilyName, BENEFICIARY_FIELDS.naturalDateOfBirth]}
        />
      </TestProviders>,
    );
    const form = screen.getByRole('form', { name: 'Beneficiary information for Isarblock' });
    // A text input (a textbox), no browser date field with its own mm/dd/yyyy.
    const birth = within(form).getByRole('textbox', { name: /Date of birth/ });
    expect(birth).toHaveAttribute('placeholder', 'YYYY-MM-DD');
    expect(birth).toHaveAccessibleDescription('YYYY-MM-DD, e.g. 1986-04-17');

    // The way a browser in the US writes it is refused, naming the format.
    await user.type(birth, '04/17/1986');
    await user.click(within(form).getByRole('button', { name: 'Encrypt and send' }));
    await waitFor(() => expect(birth).toHaveAttribute('aria-invalid', 'true'));
    expect(birth).toHaveAccessibleDescription(/must be a date written YYYY-MM-DD/);

    // Written as it says, it is taken (only the family name is still missing).
    await user.clear(birth);
    await user.type(birth, '1986-04-17');
    await user.click(within(form).getByRole('button', { name: 'Encrypt and send' }));
    await waitFor(() => expect(within(form).getByRole('textbox', { name: /Family name/ })).toHaveAttribute('aria-invalid', 'true'));
    expect(birth).not.toHaveAttribute('aria-invalid', 'true');
    expect(birth).toHaveValue('1986-04-17');
  });

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
