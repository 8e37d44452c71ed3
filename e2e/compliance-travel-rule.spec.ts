import type { APIRequestContext } from '@playwright/test';
import { CompactEncrypt, importSPKI } from 'jose';
import { TravelRuleIntegration, TravelRuleMessage, Vasp } from '../src/contract/travel-rule';
import { seriousViolations } from './axe';
import { expect, test } from './fixtures';
import { ConsoleShell } from './pages/console-shell';
import { TravelRulePage } from './pages/travel-rule-page';
import { resizeTo } from './viewport';

// The workspace's security admin works the compliance pages.
test.use({ signedInAs: 'secadmin' });
/** A VASP of the directory whose policy asks for a person's name, address, national id and birth. */
const COUNTERPARTY = 'did:web:northwind-digital.example';

async function integrationOf(request: APIRequestContext, headers: Record<string, string>) {
  const res = await request.get('/v1/screening/trlink/integration', { headers });
  expect(res.status()).toBe(200);
  const integration = TravelRuleIntegration.parse(await res.json());
  return { integration, base: `/v1/screening/trlink/customers/integration/${integration.customerIntegrationId}` };
}

test('a compliance user resolves a pending TRM by filling the beneficiary form, and sees it accepted', async ({ page, request, apiSession }) => {
  // Many steps on a shared machine: a generous budget, since this checks behaviour, not speed.
  // The transaction engine's stand-in records an inbound transfer from Northwind Digital.
  const { headers: admin } = await apiSession('admin');
  const { integration, base } = await integrationOf(request, admin);
  const own = Vasp.parse(await (await request.get(`${base}/vasps/${integration.vaspId}`, { headers: admin })).json());
  const originator = {
    originator: {
      originatorPerson: [{ naturalPerson: { name: { nameIdentifier: [{ primaryIdentifier: 'Brandt', naturalPersonNameIdentifierType: 'LEGL' }] } } }],
    },
  };
  const jwe = await new CompactEncrypt(new TextEncoder().encode(JSON.stringify(originator)))
    .setProtectedHeader({ alg: 'RSA-OAEP-256', enc: 'A256GCM' })
    .encrypt(await importSPKI(own.publicKey!, 'RSA-OAEP-256'));
  const externalId = `e2e-${Date.now()}`;
  const created = await request.post(`${base}/trm`, {
    headers: admin,
    data: {
      direction: 'INBOUND',
      assetId: 'USDC',
      amount: '2500.75',
      amountUSD: '2500.75',
      srcAddress: '0x4B0897b0513fdC7C541B6d9D7E929C4e5364D2dB',
      destAddress: '0x583031D1113aD414F02576BD6afaBfb302140225',
      txHash: '0x2d7a4c9e1f6b3d8a5c2e7f4b9d1a6c3e8f5b2d7a4c9e1f6b3d8a5c2e7f4b9d1a',
      originatorVaspId: COUNTERPARTY,
      externalId,
      ivms101: {
        version: 'IVMS101.2023',
        data: Buffer.from(jwe).toString('base64'),
        filledFields: [
          'Originator.originatorPerson[].naturalPerson.name.nameIdentifier[].primaryIdentifier',
          // No words for it: shown as the path itself, one unbroken string.
          'Originator.originatorPerson[].naturalPerson.geographicAddress[].addressLine[]',
        ],
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const trm = TravelRuleMessage.parse(await created.json());
  expect(trm.status).toBe('PENDING');

  const shell = new ConsoleShell(page);
  const travelRule = new TravelRulePage(page);
  await shell.startOn('Travel rule', '/compliance/travel-rule');
  await travelRule.filterByStatus('Pending');
  await expect(page).toHaveURL(/status=PENDING/);
  await travelRule.messageLink(externalId).click();

  await expect(shell.main.getByRole('heading', { name: `Message ${externalId}` })).toBeVisible();
  await expect(travelRule.statusAlert).toContainText('Waiting for the beneficiary PII that Northwind Digital requires');
  await expect(shell.main.getByText('2,500.75 USDC')).toBeVisible();
  await expect(shell.main.getByText('2,500.75 USD', { exact: true })).toBeVisible();
  await expect(shell.main.getByText('Northwind Digital', { exact: true })).toBeVisible();
  await expect(travelRule.beneficiaryForm).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // On a phone the long path breaks inside its card rather than widening the page.
  await resizeTo(page, { width: 390, height: 844 });
  const fields = shell.main.getByRole('list', { name: 'Originator fields filled' });
  await expect(fields).toContainText('geographicAddress[].addressLine[]');
  const inside = await fields.evaluate((list) => {
    const card = list.closest('section')!.getBoundingClientRect();
    return list.scrollWidth <= list.clientWidth && list.getBoundingClientRect().right <= card.right && card.right <= window.innerWidth;
  });
  expect(inside, 'the list of fields stays inside its card, and the card on the screen').toBe(true);
  // So do the transfer's wallet addresses and the token's contract address.
  const transferInside = await shell.main.getByRole('table', { name: 'Transfer' }).evaluate((table) => {
    const card = table.closest('section')!.getBoundingClientRect();
    return table.getBoundingClientRect().right <= card.right && card.right <= window.innerWidth;
  });
  expect(transferInside, 'the transfer card stays on the screen').toBe(true);
  await resizeTo(page, { width: 1280, height: 720 });

  // A date of birth is written as the console writes a day, which the input says; the browser's
  // own mm/dd/yyyy is not taken for one.
  const birth = travelRule.field('Date of birth');
  await expect(birth).toHaveAttribute('placeholder', 'YYYY-MM-DD');
  await expect(birth).toHaveAccessibleDescription('YYYY-MM-DD, e.g. 1986-04-17');
  await birth.fill('04/17/1986');

  // Sending an incomplete form is caught in the browser, field by field, before anything is encrypted.
  await travelRule.submit.click();
  await expect(travelRule.field('Family name')).toHaveAttribute('aria-invalid', 'true');
  await expect(travelRule.field('Town')).toHaveAttribute('aria-invalid', 'true');
  await expect(birth).toHaveAttribute('aria-invalid', 'true');
  await expect(birth).toHaveAccessibleDescription(/must be a date written YYYY-MM-DD/);

  await travelRule.field('Family name').fill('Okafor');
  await travelRule.field('Given names').fill('Daniel');
  await travelRule.field('Street').fill('Rue de Lausanne');
  await travelRule.field('Building number').fill('12');
  await travelRule.field('Post code').fill('1201');
  await travelRule.field('Town').fill('Genève');
  await travelRule.choose('Country', 'Switz', 'Switzerland (CH)');
  await travelRule.choose('Type of identifier', 'Pass', 'Passport number');
  await travelRule.field('Identifier').fill('X4821937');
  await birth.fill('1986-04-17');
  await travelRule.field('Place of birth').fill('Lausanne');
  const sent = page.waitForRequest((r) => r.url().endsWith(`/trm/${trm.id}/resolve_action`));
  await travelRule.submit.click();

  // What left the browser is ciphertext for the counterparty, not the name typed.
  const body = (await sent).postData() ?? '';
  expect(body).not.toContain('Okafor');
  expect(body).toContain('UPLOAD_BENEFICIARY_PII');

  await expect(travelRule.statusAlert).toContainText('Accepted');
  await expect(travelRule.statusAlert).toContainText('Northwind Digital accepted the beneficiary PII');
  await expect(shell.main.getByText('Nothing is required of this workspace for this message.')).toBeVisible();
  await expect(travelRule.beneficiaryForm).toHaveCount(0);

  const after = TravelRuleMessage.parse(await (await request.get(`${base}/trm/${trm.id}`, { headers: admin })).json());
  expect(after.status).toBe('ACCEPTED');
  expect(after.ivms101.filledFields).toEqual(
    expect.arrayContaining([
      'Beneficiary.beneficiaryPerson[].naturalPerson.name.nameIdentifier[].primaryIdentifier',
      'Beneficiary.beneficiaryPerson[].naturalPerson.dateAndPlaceOfBirth.dateOfBirth',
      'Beneficiary.beneficiaryPerson[].naturalPerson.nationalIdentification.nationalIdentifier',
    ]),
  );
});

test('a VASP is looked up by name and by DID, with its public key and fingerprint', async ({ page, request, apiSession }) => {
  const shell = new ConsoleShell(page);
  const travelRule = new TravelRulePage(page);
  await shell.startOn('Travel rule', '/compliance/travel-rule');
  await travelRule.directoryTab.click();
  // Before any search the directory shows its first page.
  await expect(shell.main.getByRole('table', { name: 'The first 20 VASPs' }).getByRole('link')).toHaveCount(20);

  await travelRule.searchInput.fill('northwind');
  await travelRule.searchButton.click();
  await shell.main.getByRole('link', { name: 'Northwind Digital' }).click();
  const card = travelRule.vaspCard('Northwind Digital');
  await expect(card).toContainText('Northwind Digital Assets GmbH');
  await expect(card).toContainText(COUNTERPARTY);

  const { headers } = await apiSession('secadmin');
  const { base } = await integrationOf(request, headers);
  const vasp = Vasp.parse(await (await request.get(`${base}/vasps/${COUNTERPARTY}`, { headers })).json());
  await expect(card).toContainText(vasp.publicKeyFingerprint!);
  await expect(card.getByLabel('Public key of Northwind Digital')).toContainText('-----BEGIN PUBLIC KEY-----');
  await expect(card.getByRole('button', { name: 'Copy public key', exact: true })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // A whole DID leads straight to its VASP.
  await travelRule.searchInput.fill('did:web:isarblock.example');
  await travelRule.searchButton.click();
  await expect(travelRule.vaspCard('Isarblock')).toContainText('Isarblock Verwahrstelle GmbH');
  await expect(page).toHaveURL(/vasp=did%3Aweb%3Aisarblock\.example/);
});
