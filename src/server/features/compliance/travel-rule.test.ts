import { CompactEncrypt } from 'jose';
import { createPublicKey } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditLogsResponse } from '../../../contract/audit';
import type { RequiredActionsResponse, TravelRuleIntegration, TravelRuleMessage, TrmList } from '../../../contract/travel-rule';
import { addWorkspace, buildApp, consoleToken, createTestContext, type TestContext } from '../../test/harness';
import { encryptPiiFor } from './pii-encryption';
import {
  beneficiaryUpload,
  caller,
  FULL_VASP,
  inboundTrm,
  LEGAL_FULL_FIELDS,
  legalBeneficiary,
  NATURAL_FULL_FIELDS,
  naturalBeneficiary,
  OWN_VASP,
  publicKeyOf,
  STANDARD_VASP,
} from './test-helpers';

let ctx: TestContext;
let app: ReturnType<typeof buildApp>;
let call: ReturnType<typeof caller>;

let shared: Awaited<ReturnType<typeof team>>;

beforeAll(async () => {
  ctx = await createTestContext();
  app = buildApp(ctx);
  call = caller(app);
  // Signing people in is slow on purpose (scrypt): tests that need no empty workspace share one.
  shared = await team('Shared Co');
});
afterAll(() => ctx.database.close());

/** A workspace with an admin, a security admin and a viewer, and its Travel Rule integration. */
async function team(name: string) {
  const ws = await addWorkspace(ctx, name, ['ADMIN', 'SECURITY_ADMIN', 'VIEWER']);
  const [admin, compliance, viewer] = (await Promise.all(ws.people.map((p) => consoleToken(app, p.email)))) as [string, string, string];
  const made = await call<TravelRuleIntegration>(admin, 'POST', '/v1/screening/trlink/integration', { vaspId: OWN_VASP });
  expect(made.status).toBe(201);
  const base = `/v1/screening/trlink/customers/integration/${made.body.customerIntegrationId}`;
  const create = async (body: unknown) => call<TravelRuleMessage>(admin, 'POST', `${base}/trm`, body);
  const pending = async (counterparty = FULL_VASP, overrides = {}) => {
    const res = await create(await inboundTrm(counterparty, overrides));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body;
  };
  // The security admin resolves a message's UPLOAD_BENEFICIARY_PII with a beneficiary encrypted for the counterparty.
  const resolve = async <T = TravelRuleMessage>(trmId: string, counterparty: string, beneficiary: unknown, filledFields: string[]) =>
    call<T>(compliance, 'POST', `${base}/trm/${trmId}/resolve_action`, await beneficiaryUpload(counterparty, beneficiary, filledFields));
  return { ws, admin, compliance, viewer, integrationId: made.body.customerIntegrationId, base, create, pending, resolve };
}

/** The Travel Rule events about one message, newest first. */
const auditOf = async (token: string, trmId: string) =>
  (await call<AuditLogsResponse>(token, 'GET', '/v1/management/audit_logs?category=Compliance&subject=Travel%20rule&pageSize=500')).body.data.filter(
    (e) => e.detail.trmId === trmId,
  );

describe('the Travel Rule integration', () => {
  it('is one per workspace, names a VASP of the directory, and is created by admins only', async () => {
    const ws = await addWorkspace(ctx, 'Integration Co', ['ADMIN', 'VIEWER']);
    const [admin, viewer] = (await Promise.all(ws.people.map((p) => consoleToken(app, p.email)))) as [string, string];
    expect((await call(admin, 'GET', '/v1/screening/trlink/integration')).status).toBe(404);
    expect((await call(viewer, 'POST', '/v1/screening/trlink/integration', { vaspId: OWN_VASP })).status).toBe(403);
    const notDid = await call(admin, 'POST', '/v1/screening/trlink/integration', { vaspId: 'asset-ops' });
    expect(notDid.status).toBe(400);
    expect(notDid.body.message).toMatch(/vaspId must be a DID/);
    const unknown = await call(admin, 'POST', '/v1/screening/trlink/integration', { vaspId: 'did:web:nobody.example' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('vaspId did:web:nobody.example is not in the VASP directory');

    const made = await call<TravelRuleIntegration>(admin, 'POST', '/v1/screening/trlink/integration', { vaspId: OWN_VASP });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ customerIntegrationId: expect.stringMatching(/^[0-9a-f-]{36}$/), vaspId: OWN_VASP });
    expect((await call(viewer, 'GET', '/v1/screening/trlink/integration')).body).toEqual(made.body);
    expect((await call(admin, 'POST', '/v1/screening/trlink/integration', { vaspId: FULL_VASP })).status).toBe(409);
  });
});

describe('required actions', () => {
  it('a PENDING inbound message without beneficiary PII requires UPLOAD_BENEFICIARY_PII with the IVMS101 paths, for a person or a company', async () => {
    const t = shared;
    const trm = await t.pending(FULL_VASP);
    expect(trm).toMatchObject({
      status: 'PENDING',
      direction: 'in',
      amount: '2.50',
      fiatValue: { amount: '8412.50', currency: 'USD' },
      originatorVaspId: FULL_VASP,
      beneficiaryVaspId: OWN_VASP,
      asset: { format: 'fireblocks', data: { network: 'Ethereum', ticker: 'ETH', ucid: 1027, id: 'ETH' } },
      txnInfo: {
        originatorWalletAddress: '0x4B0897b0513fdC7C541B6d9D7E929C4e5364D2dB',
        beneficiaryWalletAddress: '0x583031D1113aD414F02576BD6afaBfb302140225',
      },
      ivms101: { version: 'IVMS101.2023', filledFields: ['Originator.originatorPerson[].naturalPerson.name.nameIdentifier[].primaryIdentifier'] },
    });
    const res = await call<RequiredActionsResponse>(t.viewer, 'GET', `${t.base}/trm/${trm.id}/required_actions`);
    expect(res.status).toBe(200);
    expect(res.body.actions).toHaveLength(1);
    const [action] = res.body.actions;
    expect(action!.type).toBe('UPLOAD_BENEFICIARY_PII');
    expect(action!.description).toMatch(/Northwind Digital needs the beneficiary's identity/);
    expect(action!.data!.originatorRequiredFields).toEqual([]);
    expect(action!.data!.beneficiaryRequiredFields!.map((f) => f.path)).toEqual([...NATURAL_FULL_FIELDS, ...LEGAL_FULL_FIELDS]);
    expect(action!.data!.beneficiaryRequiredFields).toContainEqual({
      type: 'date',
      path: 'Beneficiary.beneficiaryPerson[].naturalPerson.dateAndPlaceOfBirth.dateOfBirth',
    });
  });

  it('leaves out what the originator already filled, and asks less of a VASP with a standard policy', async () => {
    const t = shared;
    const named = await t.pending(FULL_VASP, {
      ivms101: {
        version: 'IVMS101.2023',
        data: await encryptPiiFor(publicKeyOf(OWN_VASP), naturalBeneficiary()),
        filledFields: NATURAL_FULL_FIELDS.slice(0, 2),
      },
    });
    const fields = (
      await call<RequiredActionsResponse>(t.viewer, 'GET', `${t.base}/trm/${named.id}/required_actions`)
    ).body.actions[0]!.data!.beneficiaryRequiredFields!.map((f) => f.path);
    expect(fields).toEqual([...NATURAL_FULL_FIELDS.slice(2), ...LEGAL_FULL_FIELDS]);

    const standard = await t.pending(STANDARD_VASP);
    const asked = (await call<RequiredActionsResponse>(t.viewer, 'GET', `${t.base}/trm/${standard.id}/required_actions`)).body.actions[0]!;
    expect(asked.data!.beneficiaryRequiredFields!.map((f) => f.path)).toEqual([
      'Beneficiary.beneficiaryPerson[].naturalPerson.name.nameIdentifier[].primaryIdentifier',
      'Beneficiary.beneficiaryPerson[].naturalPerson.name.nameIdentifier[].secondaryIdentifier',
      'Beneficiary.beneficiaryPerson[].naturalPerson.geographicAddress[].townName',
      'Beneficiary.beneficiaryPerson[].naturalPerson.geographicAddress[].country',
      'Beneficiary.beneficiaryPerson[].legalPerson.name.nameIdentifier[].legalPersonName',
      'Beneficiary.beneficiaryPerson[].legalPerson.geographicAddress[].townName',
      'Beneficiary.beneficiaryPerson[].legalPerson.geographicAddress[].country',
    ]);
  });

  it('a message whose beneficiary is complete from the start is ACCEPTED and needs nothing', async () => {
    const t = shared;
    const trm = await t.pending(STANDARD_VASP, {
      direction: 'OUTBOUND',
      originatorVaspId: undefined,
      beneficiaryVaspId: STANDARD_VASP,
      ivms101: { version: 'IVMS101.2023', data: await encryptPiiFor(publicKeyOf(STANDARD_VASP), naturalBeneficiary()), filledFields: NATURAL_FULL_FIELDS },
    });
    expect(trm).toMatchObject({ status: 'ACCEPTED', direction: 'out', originatorVaspId: OWN_VASP, beneficiaryVaspId: STANDARD_VASP });
    expect((await call<RequiredActionsResponse>(t.viewer, 'GET', `${t.base}/trm/${trm.id}/required_actions`)).body).toEqual({ actions: [] });
  });
});

describe('resolving UPLOAD_BENEFICIARY_PII', () => {
  it('a natural person encrypted for the counterparty is decrypted, checked and accepted; the message says so and needs nothing more', async () => {
    const t = shared;
    const trm = await t.pending(FULL_VASP);
    const res = await t.resolve(trm.id, FULL_VASP, naturalBeneficiary(), NATURAL_FULL_FIELDS);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id: trm.id, status: 'ACCEPTED', reason: 'Northwind Digital accepted the beneficiary PII', version: '2' });
    expect(res.body.ivms101.filledFields).toEqual([...trm.ivms101.filledFields, ...NATURAL_FULL_FIELDS]);
    expect((await call<TravelRuleMessage>(t.viewer, 'GET', `${t.base}/trm/${trm.id}`)).body).toEqual(res.body);
    expect((await call<RequiredActionsResponse>(t.viewer, 'GET', `${t.base}/trm/${trm.id}/required_actions`)).body).toEqual({ actions: [] });

    // Nothing is required any more, so the same action is refused, naming the type.
    const again = await t.resolve<{ message: string }>(trm.id, FULL_VASP, naturalBeneficiary(), NATURAL_FULL_FIELDS);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('type UPLOAD_BENEFICIARY_PII is not an action this message requires now: it is ACCEPTED and requires none');

    // Audited with ids and statuses, never the personal data.
    const [event] = await auditOf(t.admin, trm.id);
    expect(event).toMatchObject({
      event: 'Action resolved',
      detail: { trmId: trm.id, type: 'UPLOAD_BENEFICIARY_PII', counterpartyVaspId: FULL_VASP, before: { status: 'PENDING' }, after: { status: 'ACCEPTED' } },
    });
    expect(JSON.stringify(event)).not.toMatch(/Moreau|X4821937|1986-04-17/);
  });

  it('a legal person is accepted too', async () => {
    const t = shared;
    const trm = await t.pending(FULL_VASP);
    const res = await t.resolve(trm.id, FULL_VASP, legalBeneficiary(), LEGAL_FULL_FIELDS);
    expect(res.body).toMatchObject({ status: 'ACCEPTED' });
  });

  it('refuses with 400 what the service can tell is wrong before sending, and changes nothing', async () => {
    const t = shared;
    const trm = await t.pending(FULL_VASP);
    const url = `${t.base}/trm/${trm.id}/resolve_action`;
    const expect400 = async (body: unknown, message: string | RegExp) => {
      const res = await call(t.compliance, 'POST', url, body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.message).toMatch(message);
    };
    await expect400(
      await beneficiaryUpload(FULL_VASP, naturalBeneficiary(), NATURAL_FULL_FIELDS, 'UPLOAD_ORIGINATOR_PII'),
      'type UPLOAD_ORIGINATOR_PII is not an action this message requires now; it requires UPLOAD_BENEFICIARY_PII',
    );
    await expect400({ data: null }, /body 'type'/);
    await expect400({ type: 'UPLOAD_BENEFICIARY_PII', data: null }, 'data.beneficiaryPii.ivms101 is required for UPLOAD_BENEFICIARY_PII');
    await expect400(
      { type: 'UPLOAD_BENEFICIARY_PII', data: { beneficiaryPii: { ivms101: { version: 'IVMS101.2020', data: 'x', filledFields: ['A.b'] } } } },
      /version must be IVMS101\.2023/,
    );
    await expect400(
      { type: 'UPLOAD_BENEFICIARY_PII', data: { beneficiaryPii: { ivms101: { version: 'IVMS101.2023', data: 'x', filledFields: ['not a path!'] } } } },
      /filledFields/,
    );
    await expect400(
      await beneficiaryUpload(FULL_VASP, naturalBeneficiary(), NATURAL_FULL_FIELDS.slice(0, 4)),
      `data.beneficiaryPii.ivms101.filledFields does not cover the required fields: ${NATURAL_FULL_FIELDS.slice(4).join(', ')}`,
    );
    await expect400(
      {
        type: 'UPLOAD_BENEFICIARY_PII',
        data: {
          beneficiaryPii: {
            ivms101: { version: 'IVMS101.2023', data: Buffer.from(JSON.stringify(naturalBeneficiary())).toString('base64'), filledFields: NATURAL_FULL_FIELDS },
          },
        },
      },
      'data.beneficiaryPii.ivms101.data must be a JWE (compact serialisation), or that string in base64',
    );
    const rsaOaep1 = await new CompactEncrypt(new TextEncoder().encode(JSON.stringify(naturalBeneficiary())))
      .setProtectedHeader({ alg: 'RSA-OAEP', enc: 'A256GCM' })
      .encrypt(createPublicKey(publicKeyOf(FULL_VASP)));
    await expect400(
      { type: 'UPLOAD_BENEFICIARY_PII', data: { beneficiaryPii: { ivms101: { version: 'IVMS101.2023', data: rsaOaep1, filledFields: NATURAL_FULL_FIELDS } } } },
      'data.beneficiaryPii.ivms101.data must be encrypted with alg RSA-OAEP-256 and enc A256GCM (it has alg RSA-OAEP, enc A256GCM)',
    );
    const after = await call<TravelRuleMessage>(t.viewer, 'GET', `${t.base}/trm/${trm.id}`);
    expect(after.body).toMatchObject({ status: 'PENDING', version: '1' });
    expect(await auditOf(t.admin, trm.id)).toEqual([expect.objectContaining({ event: 'Message created' })]);
  });

  it('the counterparty fails what it cannot decrypt (encrypted for another VASP’s key)', async () => {
    const t = shared;
    const trm = await t.pending(FULL_VASP);
    const res = await t.resolve(trm.id, STANDARD_VASP, naturalBeneficiary(), NATURAL_FULL_FIELDS);
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('FAILED');
    expect(res.body.reason).toMatch(/^Northwind Digital could not decrypt the beneficiary PII: it was not encrypted for its public key/);
    expect((await call<RequiredActionsResponse>(t.viewer, 'GET', `${t.base}/trm/${trm.id}/required_actions`)).body.actions).toEqual([]);
    // What the counterparty refused does not become the message's data.
    expect(res.body.ivms101).toEqual(trm.ivms101);
  });

  it('the counterparty rejects IVMS101 that does not validate, naming the field', async () => {
    const t = shared;
    const trm = await t.pending(FULL_VASP);
    const future = naturalBeneficiary({ dateAndPlaceOfBirth: { dateOfBirth: '2999-01-01', placeOfBirth: 'Lausanne' } });
    const res = await t.resolve(trm.id, FULL_VASP, future, NATURAL_FULL_FIELDS);
    expect(res.body.status).toBe('REJECTED');
    expect(res.body.reason).toBe(
      'Northwind Digital rejected the beneficiary PII: IVMS101 beneficiary.beneficiaryPerson.0.naturalPerson.dateAndPlaceOfBirth.dateOfBirth: must be in the past (and less than 150 years ago)',
    );

    const another = await t.pending(FULL_VASP);
    const badCountry = naturalBeneficiary({ geographicAddress: [{ addressType: 'HOME', townName: 'Genève', country: 'Switzerland' }] });
    const res2 = await t.resolve(another.id, FULL_VASP, badCountry, NATURAL_FULL_FIELDS);
    expect(res2.body).toMatchObject({
      status: 'REJECTED',
      reason: expect.stringMatching(/geographicAddress\.0\.country: must be a two-letter ISO 3166 country code/),
    });
  });

  it('the counterparty rejects filledFields that claim what the payload does not fill', async () => {
    const t = shared;
    const trm = await t.pending(FULL_VASP);
    const noBirth = naturalBeneficiary({ dateAndPlaceOfBirth: undefined });
    const res = await t.resolve(trm.id, FULL_VASP, noBirth, NATURAL_FULL_FIELDS);
    expect(res.body).toMatchObject({
      status: 'REJECTED',
      reason:
        'Northwind Digital rejected the beneficiary PII: filledFields names Beneficiary.beneficiaryPerson[].naturalPerson.dateAndPlaceOfBirth.dateOfBirth, Beneficiary.beneficiaryPerson[].naturalPerson.dateAndPlaceOfBirth.placeOfBirth, which the payload does not fill',
    });
  });

  it('replays the first answer for a repeated Idempotency-Key and resolves once', async () => {
    const t = shared;
    const trm = await t.pending(STANDARD_VASP);
    const body = await beneficiaryUpload(STANDARD_VASP, naturalBeneficiary(), NATURAL_FULL_FIELDS.slice(0, 4));
    const first = await call<TravelRuleMessage>(t.compliance, 'POST', `${t.base}/trm/${trm.id}/resolve_action`, body, { 'Idempotency-Key': 'resolve-1' });
    const second = await call<TravelRuleMessage>(t.compliance, 'POST', `${t.base}/trm/${trm.id}/resolve_action`, body, { 'Idempotency-Key': 'resolve-1' });
    expect(first.body.status).toBe('ACCEPTED');
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('Idempotent-Replayed')).toBe('true');
    expect((await auditOf(t.admin, trm.id)).filter((e) => e.event === 'Action resolved')).toHaveLength(1);
  });

  it('two resolutions at once: one is accepted, the other finds nothing left to resolve', async () => {
    const t = shared;
    const trm = await t.pending(STANDARD_VASP);
    const body = await beneficiaryUpload(STANDARD_VASP, naturalBeneficiary(), NATURAL_FULL_FIELDS.slice(0, 4));
    const results = await Promise.all([0, 1].map(() => call(t.compliance, 'POST', `${t.base}/trm/${trm.id}/resolve_action`, body)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
  });
});

describe('not found and malformed ids', () => {
  it('an unknown or foreign integration or message is a 404; a malformed uuid is a 400', async () => {
    const a = shared;
    const b = await team('Isolation B');
    const trmA = await a.pending(FULL_VASP);
    const unknown = '00000000-0000-4000-8000-000000000000';
    const upload = await beneficiaryUpload(FULL_VASP, naturalBeneficiary(), NATURAL_FULL_FIELDS);
    const cases: [string, string, unknown?][] = [
      ['GET', `${b.base}/trm/${trmA.id}`],
      ['GET', `${a.base.replace(a.integrationId, b.integrationId)}/trm/${trmA.id}/required_actions`],
      ['POST', `${b.base}/trm/${trmA.id}/resolve_action`, upload],
      ['GET', `/v1/screening/trlink/customers/integration/${unknown}/trm/${trmA.id}`],
      ['GET', `${a.base}/trm/${unknown}`],
      ['POST', `${a.base}/trm/${unknown}/resolve_action`, upload],
      ['GET', `${b.base.replace(b.integrationId, a.integrationId)}/vasps/${FULL_VASP}`],
    ];
    for (const [method, path, body] of cases) {
      const res = await call(b.compliance, method, path, body);
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    const malformed = await call(a.compliance, 'GET', `${a.base}/trm/12345/required_actions`);
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toMatch(/trmId must be a UUID/);
    const badIntegration = await call(a.compliance, 'POST', `/v1/screening/trlink/customers/integration/not-a-uuid/trm/${trmA.id}/resolve_action`, upload);
    expect(badIntegration.status).toBe(400);
    expect(badIntegration.body.message).toMatch(/customerIntegrationId must be a UUID/);
    expect((await call<TravelRuleMessage>(a.viewer, 'GET', `${a.base}/trm/${trmA.id}`)).body.status).toBe('PENDING');
  });
});

describe('creating messages (extension)', () => {
  it('checks the transfer, the VASPs and the IVMS101 data, naming the field; only admins may create', async () => {
    const t = shared;
    const good = await inboundTrm(FULL_VASP);
    const expect400 = async (body: unknown, message: string | RegExp) => {
      const res = await t.create(body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.message).toMatch(message);
    };
    await expect400({ ...good, assetId: 'DOGE' }, /^assetId DOGE is not an asset the Travel Rule network knows/);
    for (const amount of ['1e5', '0', '0.000', '-1', '1.', '01', 12]) await expect400({ ...good, amount }, /body 'amount'/);
    await expect400({ ...good, amountUSD: '12.123456789' }, /body 'amountUSD'/);
    await expect400({ ...good, originatorVaspId: undefined }, 'originatorVaspId is required for an INBOUND message: the VASP on the other side');
    await expect400({ ...good, beneficiaryVaspId: STANDARD_VASP }, `beneficiaryVaspId of an INBOUND message must be this workspace's VASP, ${OWN_VASP}`);
    await expect400({ ...good, originatorVaspId: 'did:web:nobody.example' }, 'originatorVaspId did:web:nobody.example is not in the VASP directory');
    await expect400({ ...good, originatorVaspId: OWN_VASP }, "originatorVaspId must be another VASP than this workspace's own");
    await expect400({ ...good, ivms101: { ...good.ivms101, data: 'plain text' } }, /^ivms101\.data must be a JWE/);
    await expect400({ ...good, direction: 'SIDEWAYS' }, /direction must be INBOUND or OUTBOUND/);
    await expect400({ ...good, source: { type: 'VAULT_ACCOUNT', id: '0' } }, /'source' is not allowed/);
    expect((await call(t.viewer, 'POST', `${t.base}/trm`, good)).status).toBe(403);

    // The SDK's TRLinkCreateTrmRequest declares these nullable: null reads as absent. Where this
    // service needs the field, null is refused as a missing one.
    const nulls = await t.create({ ...good, destTag: null, txId: null, txHash: null, amountUSD: null, beneficiaryVaspId: null, externalId: 'ext-nulls-1' });
    expect(nulls.status, JSON.stringify(nulls.body)).toBe(201);
    expect(nulls.body).toMatchObject({ externalId: 'ext-nulls-1', beneficiaryVaspId: OWN_VASP, txnInfo: { txHash: '' } });
    expect(nulls.body.fiatValue).toBeUndefined();
    await expect400({ ...good, assetId: null }, 'assetId is required');
    await expect400({ ...good, originatorVaspId: null }, 'originatorVaspId is required for an INBOUND message: the VASP on the other side');

    const tiny = await t.create({ ...good, amount: '0.000000000000000001', externalId: 'ext-unique-1' });
    expect(tiny.body).toMatchObject({ amount: '0.000000000000000001', externalId: 'ext-unique-1' });
    expect((await t.create({ ...good, externalId: 'ext-unique-1' })).status).toBe(409);
  });
});

describe('the list of messages (extension)', () => {
  it('filters by status and direction and pages newest first with cursors bound to the filters', async () => {
    const t = await team('List Co');
    const made: TravelRuleMessage[] = [];
    for (let i = 0; i < 5; i++) {
      ctx.clock.set(Date.UTC(2026, 0, 10, 12, i));
      made.push(await t.pending(i % 2 === 0 ? FULL_VASP : STANDARD_VASP));
    }
    ctx.clock.set(Date.UTC(2026, 0, 10, 13));
    made.push(
      await t.pending(STANDARD_VASP, {
        direction: 'OUTBOUND',
        originatorVaspId: undefined,
        beneficiaryVaspId: STANDARD_VASP,
        ivms101: { version: 'IVMS101.2023', data: await encryptPiiFor(publicKeyOf(STANDARD_VASP), naturalBeneficiary()), filledFields: NATURAL_FULL_FIELDS },
      }),
    );
    ctx.clock.reset();
    await call(
      t.compliance,
      'POST',
      `${t.base}/trm/${made[0]!.id}/resolve_action`,
      await beneficiaryUpload(FULL_VASP, naturalBeneficiary(), NATURAL_FULL_FIELDS),
    );

    const ids = async (query: string) => {
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const res = await call<TrmList>(t.viewer, 'GET', `${t.base}/trm?${query}&pageSize=2${cursor ? `&pageCursor=${encodeURIComponent(cursor)}` : ''}`);
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        expect(res.body.data.length).toBeLessThanOrEqual(2);
        seen.push(...res.body.data.map((m) => m.id));
        cursor = res.body.paging?.next;
      } while (cursor);
      return seen;
    };
    const newestFirst = [...made].reverse().map((m) => m.id);
    expect(await ids('')).toEqual(newestFirst);
    expect(await ids('status=PENDING')).toEqual(newestFirst.filter((id) => id !== made[0]!.id && id !== made[5]!.id));
    expect(await ids('status=ACCEPTED')).toEqual([made[5]!.id, made[0]!.id]);
    expect(await ids('direction=out')).toEqual([made[5]!.id]);
    expect(await ids('status=PENDING&direction=in')).toHaveLength(4);

    const first = await call<TrmList>(t.viewer, 'GET', `${t.base}/trm?status=PENDING&pageSize=1`);
    const reused = await call(t.viewer, 'GET', `${t.base}/trm?status=ACCEPTED&pageCursor=${encodeURIComponent(first.body.paging!.next)}`);
    expect(reused.status).toBe(400);
    expect(reused.body.message).toMatch(/pageCursor belongs to a different query/);
    const badStatus = await call(t.viewer, 'GET', `${t.base}/trm?status=DONE`);
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.message).toMatch(/status/);
  });
});
