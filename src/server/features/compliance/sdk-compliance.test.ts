import { Fireblocks } from '@fireblocks/ts-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TravelRuleIntegration } from '../../../contract/travel-rule';
import type { RunningServer } from '../../server';
import { INBOUND_USDC_TRANSFER } from '../../test/fixtures';
import { signedHeaders, startSdkServer, type SdkServer, type TestApiUser } from '../../test/harness';
import { encryptPiiFor } from './pii-encryption';
import { FULL_VASP, NATURAL_FULL_FIELDS, naturalBeneficiary, OWN_VASP, publicKeyOf } from './test-helpers';

/**
 * The official TypeScript SDK against the running service, for the compliance and earn
 * operations: a real server on a port, an API user made by the operator CLI from a CSR.
 */
let sdk: SdkServer;
let server: RunningServer;
let fireblocks: Fireblocks;
let apiUser: TestApiUser;
let integrationId: string;

beforeAll(async () => {
  sdk = await startSdkServer({ ownerEmail: 'owner@sdk-compliance.test', apiUserName: 'Compliance bot', role: 'ADMIN' });
  ({ server, fireblocks, apiUser } = sdk);

  // The integration is this service's extension, which the SDK does not know: a signed request as the SDK signs.
  const path = '/v1/screening/trlink/integration';
  const body = JSON.stringify({ vaspId: OWN_VASP });
  const res = await fetch(`${server.url}${path}`, { method: 'POST', body, headers: await signedHeaders(apiUser, path, { method: 'POST', body }) });
  expect(res.status).toBe(201);
  integrationId = ((await res.json()) as TravelRuleIntegration).customerIntegrationId;
});

afterAll(() => sdk?.close());

describe('the official TypeScript SDK: Travel Rule, screening and earn', () => {
  it('creates a TRM, reads its required actions, encrypts the beneficiary for the VASP’s key and resolves it', async () => {
    const originator = await encryptPiiFor(publicKeyOf(OWN_VASP), { originator: { originatorPerson: [] } });
    const created = await fireblocks.trLink.createTRLinkTrm({
      customerIntegrationId: integrationId,
      tRLinkCreateTrmRequest: {
        ...INBOUND_USDC_TRANSFER,
        txHash: '0x9f3c6b1d5e2a7c4f8b0d3e6a9c2f5b8e1d4a7c0f3b6e9d2a5c8f1b4e7d0a3c6b',
        originatorVaspId: FULL_VASP,
        // Nullable in the SDK's model: an explicit null is what a client without the value sends.
        beneficiaryVaspId: null,
        destTag: null,
        txId: null,
        ivms101: { version: 'IVMS101.2023', data: originator, filledFields: [] },
      },
    });
    expect(created.statusCode).toBe(201);
    const trmId = created.data.id;
    expect(created.data).toMatchObject({ status: 'PENDING', direction: 'in', amount: '1500.25', fiatValue: { amount: '1500.25', currency: 'USD' } });

    const required = await fireblocks.trLink.getTRLinkTrmRequiredActions({ customerIntegrationId: integrationId, trmId });
    expect(required.statusCode).toBe(200);
    expect(required.data.actions.map((a) => a.type)).toEqual(['UPLOAD_BENEFICIARY_PII']);
    const paths = required.data.actions[0]!.data!.beneficiaryRequiredFields!.map((f) => f.path);
    expect(paths).toEqual(expect.arrayContaining(NATURAL_FULL_FIELDS));

    const vasp = await fireblocks.trLink.getTRLinkVaspById({ customerIntegrationId: integrationId, vaspId: FULL_VASP });
    expect(vasp.statusCode).toBe(200);
    expect(vasp.data).toMatchObject({ id: FULL_VASP, name: 'Northwind Digital', legalName: 'Northwind Digital Assets GmbH' });
    expect(vasp.data.publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----/);

    const resolved = await fireblocks.trLink.resolveActionTRLinkTrm({
      customerIntegrationId: integrationId,
      trmId,
      idempotencyKey: 'sdk-resolve-1',
      tRLinkResolveActionRequest: {
        type: 'UPLOAD_BENEFICIARY_PII',
        data: {
          beneficiaryPii: {
            ivms101: { version: 'IVMS101.2023', data: await encryptPiiFor(vasp.data.publicKey!, naturalBeneficiary()), filledFields: NATURAL_FULL_FIELDS },
          },
        },
      },
    });
    expect(resolved.statusCode).toBe(200);
    expect(resolved.data).toMatchObject({ id: trmId, status: 'ACCEPTED', reason: 'Northwind Digital accepted the beneficiary PII' });
    expect((await fireblocks.trLink.getTRLinkTrmById({ customerIntegrationId: integrationId, trmId })).data.status).toBe('ACCEPTED');
    expect((await fireblocks.trLink.getTRLinkTrmRequiredActions({ customerIntegrationId: integrationId, trmId })).data.actions).toEqual([]);

    // An action that is not required is a 400 the SDK surfaces with the service's message.
    await expect(
      fireblocks.trLink.resolveActionTRLinkTrm({
        customerIntegrationId: integrationId,
        trmId,
        tRLinkResolveActionRequest: { type: 'UPLOAD_BENEFICIARY_PII', data: null },
      }),
    ).rejects.toMatchObject({ response: { statusCode: 400, data: { message: expect.stringMatching(/requires none/) } } });
    await expect(fireblocks.trLink.getTRLinkVaspById({ customerIntegrationId: integrationId, vaspId: 'did:web:nobody.example' })).rejects.toMatchObject({
      response: { statusCode: 404 },
    });
  });

  it('pages the VASP directory with listTRLinkVasps', async () => {
    const first = await fireblocks.trLink.listTRLinkVasps({ customerIntegrationId: integrationId, pageSize: 30 });
    expect(first.data.data).toHaveLength(30);
    const second = await fireblocks.trLink.listTRLinkVasps({ customerIntegrationId: integrationId, pageSize: 30, pageCursor: first.data.paging!.next });
    expect(second.data.data.length).toBeGreaterThanOrEqual(20);
    expect(second.data.paging).toBeUndefined();
  });

  it('updates the screening configuration and gets both values back', async () => {
    const res = await fireblocks.compliance.updateScreeningConfiguration({
      screeningUpdateConfigurations: { disableBypass: true, disableUnfreeze: false },
      idempotencyKey: 'sdk-screening-1',
    });
    expect(res.statusCode).toBe(200);
    expect(res.data).toEqual({ disableBypass: true, disableUnfreeze: false });
    const partial = await fireblocks.compliance.updateScreeningConfiguration({ screeningUpdateConfigurations: { disableUnfreeze: true } });
    expect(partial.data).toEqual({ disableBypass: true, disableUnfreeze: true });
  });

  it('lists earn providers with sorting and cursors, and approves terms of service', async () => {
    const first = await fireblocks.earnBeta.getEarnProviders({ pageSize: 1, sortBy: 'displayName', order: 'ASC' });
    expect(first.statusCode).toBe(200);
    expect(first.data).toMatchObject({ total: 2, prev: '', data: [{ providerId: 'AAVE', displayName: 'Aave', isTermsOfServiceApproved: false }] });
    expect(first.data.data[0]!.logoUrl).toBe(`${server.url}/static/earn-logos/aave.svg`);
    const second = await fireblocks.earnBeta.getEarnProviders({ pageSize: 1, sortBy: 'displayName', order: 'ASC', pageCursor: first.data.next! });
    expect(second.data).toMatchObject({ next: '', data: [{ providerId: 'MORPHO' }] });
    await expect(fireblocks.earnBeta.getEarnProviders({ sortBy: 'apy' })).rejects.toMatchObject({ response: { statusCode: 400 } });

    const approved = await fireblocks.earnBeta.approveTermsOfService({ providerId: 'AAVE' });
    expect(approved.statusCode).toBe(204);
    const after = await fireblocks.earnBeta.getEarnProviders({});
    expect(after.data.data.find((p) => p.providerId === 'AAVE')?.isTermsOfServiceApproved).toBe(true);
  });
});
