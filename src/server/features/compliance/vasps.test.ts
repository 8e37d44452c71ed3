import { createHash, createPublicKey } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DID_PATTERN, type TravelRuleIntegration, type Vasp, type VaspList } from '../../../contract/travel-rule';
import { addWorkspace, buildApp, consoleToken, createTestContext, type TestContext } from '../../test/harness';
import { caller, FULL_VASP, OWN_VASP } from './test-helpers';

let ctx: TestContext;
let call: ReturnType<typeof caller>;
let token: string;
let base: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const app = buildApp(ctx);
  call = caller(app);
  const ws = await addWorkspace(ctx, 'Directory Co', ['ADMIN', 'VIEWER']);
  const admin = await consoleToken(app, ws.people[0]!.email);
  token = await consoleToken(app, ws.people[1]!.email);
  const made = await call<TravelRuleIntegration>(admin, 'POST', '/v1/screening/trlink/integration', { vaspId: OWN_VASP });
  base = `/v1/screening/trlink/customers/integration/${made.body.customerIntegrationId}/vasps`;
});
afterAll(() => ctx.database.close());

async function everyPage(query: string, pageSize: number) {
  const pages: VaspList[] = [];
  let cursor: string | undefined;
  do {
    const res = await call<VaspList>(token, 'GET', `${base}?pageSize=${pageSize}${query}${cursor ? `&pageCursor=${encodeURIComponent(cursor)}` : ''}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    pages.push(res.body);
    cursor = res.body.paging?.next;
  } while (cursor);
  return pages;
}

describe('the VASP directory', () => {
  it('ships at least 50 VASPs with DID ids, names, legal names, national identification and addresses, sorted by name', async () => {
    const res = await call<VaspList>(token, 'GET', base);
    expect(res.status).toBe(200);
    const vasps = res.body.data;
    expect(vasps.length).toBeGreaterThanOrEqual(50);
    expect(res.body.paging).toBeUndefined();
    for (const vasp of vasps) {
      expect(vasp.id).toMatch(DID_PATTERN);
      expect(vasp.name).not.toBe('');
      expect(vasp.legalName).toBeTruthy();
      expect(vasp.nationalIdentification).toMatchObject({
        identifier: expect.any(String),
        type: expect.stringMatching(/^(LEIX|RAID)$/),
        authority: expect.any(String),
      });
      expect(vasp.geographicAddress).toMatchObject({
        country: expect.stringMatching(/^[A-Z]{2}$/),
        city: expect.any(String),
        streetName: expect.any(String),
        postalCode: expect.any(String),
      });
      // The list leaves the keys out; the single VASP has them.
      expect(vasp).not.toHaveProperty('publicKey');
    }
    const names = vasps.map((v) => v.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(new Set(vasps.map((v) => v.id)).size).toBe(vasps.length);
  });

  it('pages by name with cursors, never repeating or skipping one', async () => {
    const all = (await call<VaspList>(token, 'GET', base)).body.data.map((v) => v.id);
    const pages = await everyPage('', 10);
    expect(pages.length).toBe(Math.ceil(all.length / 10));
    expect(pages.flatMap((p) => p.data.map((v) => v.id))).toEqual(all);
  });

  it('finds VASPs by words of their name or legal name, or by DID', async () => {
    const byWords = (await everyPage('&q=custody%20GMBH', 100)).flatMap((p) => p.data);
    expect(byWords.map((v) => v.name)).toEqual(['Asset Ops Demo Custody']);
    const accents = (await everyPage(`&q=${encodeURIComponent('oresund')}`, 100)).flatMap((p) => p.data);
    expect(accents.map((v) => v.legalName)).toEqual(['Öresund Krypto AB']);
    const custody = (await everyPage('&q=custody', 2)).flatMap((p) => p.data);
    expect(custody.length).toBeGreaterThan(4);
    expect(custody.every((v) => `${v.name} ${v.legalName}`.toLowerCase().includes('custod'))).toBe(true);
    const byDid = (await everyPage(`&q=${encodeURIComponent(FULL_VASP)}`, 100)).flatMap((p) => p.data);
    expect(byDid.map((v) => v.id)).toEqual([FULL_VASP]);
    expect((await call<VaspList>(token, 'GET', `${base}?q=zzzz-nothing`)).body).toEqual({ data: [] });

    const first = await call<VaspList>(token, 'GET', `${base}?q=custody&pageSize=1`);
    const elsewhere = await call(token, 'GET', `${base}?q=digital&pageCursor=${encodeURIComponent(first.body.paging!.next)}`);
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body.message).toMatch(/pageCursor belongs to a different query/);
    const tooBig = await call(token, 'GET', `${base}?pageSize=101`);
    expect(tooBig.status).toBe(400);
    expect(tooBig.body.message).toMatch(/pageSize must be between 1 and 100/);
  });

  it('gets one VASP by DID with its public key (PEM) and fingerprint; a non-DID is a 400 and an unknown DID a 404', async () => {
    const res = await call<Vasp>(token, 'GET', `${base}/${FULL_VASP}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: FULL_VASP,
      name: 'Northwind Digital',
      legalName: 'Northwind Digital Assets GmbH',
      geographicAddress: { country: 'DE', city: 'Frankfurt am Main' },
    });
    const key = createPublicKey(res.body.publicKey!);
    expect(key.asymmetricKeyType).toBe('rsa');
    expect(key.asymmetricKeyDetails?.modulusLength).toBeGreaterThanOrEqual(2048);
    const fingerprint = createHash('sha256')
      .update(key.export({ type: 'spki', format: 'der' }))
      .digest('hex')
      .toUpperCase();
    expect(res.body.publicKeyFingerprint!.replaceAll(':', '')).toBe(fingerprint);

    // As the SDK sends it: the DID percent-encoded in the path.
    expect((await call<Vasp>(token, 'GET', `${base}/${encodeURIComponent(FULL_VASP)}`)).body.id).toBe(FULL_VASP);
    const notDid = await call(token, 'GET', `${base}/northwind-digital`);
    expect(notDid.status).toBe(400);
    expect(notDid.body.message).toMatch(/vaspId must be a DID/);
    const unknown = await call(token, 'GET', `${base}/did:web:nobody.example`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('No VASP did:web:nobody.example in the directory');
  });
});
