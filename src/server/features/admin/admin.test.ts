import { describe, expect, it } from 'vitest';
import type { ApiUser, ApprovalList, ApprovalRequest } from '../../../contract/admin';
import { addApiUser, addWorkspace, consoleToken, makeCsr, signedHeaders } from '../../test/harness';
import { testApp } from '../../test/test-app';

const { ctx, app, call } = testApp();

/** A workspace with four admins who count, an auditor, a signer and a viewer, each signed in. */
async function team(name: string) {
  const ws = await addWorkspace(ctx, name, ['OWNER', 'ADMIN', 'ADMIN', 'NON_SIGNING_ADMIN', 'AUDITOR', 'SIGNER', 'VIEWER']);
  const tokens = await Promise.all(ws.people.map((p) => consoleToken(app, p.email)));
  const [owner, adminA, adminB, nsadmin, auditor, signer, viewer] = tokens as [string, string, string, string, string, string, string];
  return { ws, owner, adminA, adminB, nsadmin, auditor, signer, viewer };
}

const quorum = (t: string) => call<{ adminQuorumThreshold: number; admins: unknown[]; pendingRequestId: string | null }>(t, 'GET', '/v1/admin_quorum');
const pending = async (t: string) => (await call<ApprovalList>(t, 'GET', '/v1/approval_requests?status=PENDING')).body.data;
const decide = (t: string, id: string, action: 'approve' | 'reject' | 'cancel') => call<ApprovalRequest>(t, 'POST', `/v1/approval_requests/${id}/${action}`);

describe('admin quorum', () => {
  it('with a threshold of 1 a change executes at once; after that it needs the new number of approvals', async () => {
    const t = await team('Quorum Co');
    expect((await quorum(t.adminA)).body).toMatchObject({ adminQuorumThreshold: 1, admins: expect.any(Array) });
    expect((await quorum(t.adminA)).body.admins).toHaveLength(4);
    const raised = await call(t.adminA, 'PUT', '/v1/admin_quorum', { adminQuorumThreshold: 2 });
    expect(raised.status).toBe(202);
    expect(raised.body.message).toMatch(/threshold is now 2/);
    expect((await quorum(t.adminA)).body.adminQuorumThreshold).toBe(2);

    // Now 2 are needed: A's own approval counts, B's completes it.
    const second = await call(t.adminA, 'PUT', '/v1/admin_quorum', { adminQuorumThreshold: 3 });
    expect(second.body.message).toMatch(/needs 2 approvals/);
    const [request] = await pending(t.adminB);
    expect(request).toMatchObject({ kind: 'ADMIN_QUORUM_THRESHOLD', approvals: 1, requiredApprovals: 2, requestedBy: { name: 'ADMIN 1' } });
    expect((await quorum(t.adminA)).body).toMatchObject({ adminQuorumThreshold: 2, pendingRequestId: request!.id });
    expect((await decide(t.adminA, request!.id, 'approve')).body.message).toMatch(/already decided/);
    const approved = await decide(t.adminB, request!.id, 'approve');
    expect(approved.body).toMatchObject({ status: 'EXECUTED', approvals: 2 });
    expect((await quorum(t.adminA)).body.adminQuorumThreshold).toBe(3);
    // Decisions are final.
    expect((await decide(t.nsadmin, request!.id, 'reject')).status).toBe(409);
  });

  it('bounds the threshold by the number of enabled admins who can approve', async () => {
    const t = await team('Bounds Co');
    for (const bad of [0, 5, 1.5, '2'] as unknown[]) {
      const res = await call(t.adminA, 'PUT', '/v1/admin_quorum', { adminQuorumThreshold: bad });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/adminQuorumThreshold/);
    }
    expect((await call(t.adminA, 'PUT', '/v1/admin_quorum', { adminQuorumThreshold: 4 })).status).toBe(202);
  });

  it('a rejected or cancelled request never executes; only the requester can cancel', async () => {
    const t = await team('Reject Co');
    await call(t.adminA, 'PUT', '/v1/admin_quorum', { adminQuorumThreshold: 2 });
    await call(t.adminA, 'PUT', '/v1/admin_quorum', { adminQuorumThreshold: 3 });
    const [first] = await pending(t.adminA);
    expect((await decide(t.adminB, first!.id, 'reject')).body.status).toBe('REJECTED');
    expect((await quorum(t.adminA)).body.adminQuorumThreshold).toBe(2);

    await call(t.adminA, 'PUT', '/v1/admin_quorum', { adminQuorumThreshold: 4 });
    const [second] = await pending(t.adminA);
    expect((await call(t.adminA, 'PUT', '/v1/admin_quorum', { adminQuorumThreshold: 1 })).status).toBe(409);
    expect((await decide(t.adminB, second!.id, 'cancel')).status).toBe(403);
    expect((await decide(t.adminA, second!.id, 'cancel')).body.status).toBe('CANCELED');
    expect((await decide(t.adminB, second!.id, 'approve')).status).toBe(409);
    expect((await quorum(t.adminA)).body.adminQuorumThreshold).toBe(2);
  });

  it('two admins approving at the same moment execute the change once', async () => {
    const t = await team('Race Co');
    await call(t.adminA, 'PUT', '/v1/admin_quorum', { adminQuorumThreshold: 2 });
    // Threshold 2; a request from the owner needs one more: B and the NSA approve together.
    await call(t.owner, 'PUT', '/v1/admin_quorum', { adminQuorumThreshold: 3 });
    const [request] = await pending(t.owner);
    const results = await Promise.all([decide(t.adminB, request!.id, 'approve'), decide(t.nsadmin, request!.id, 'approve')]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const events = await call<{ data: { event: string; detail: { requestId?: string } }[] }>(
      t.auditor,
      'GET',
      '/v1/management/audit_logs?subject=Quorum&pageSize=100',
    );
    const executed = events.body.data.filter((e) => e.event === 'Executed' && e.detail.requestId === request!.id);
    expect(executed).toHaveLength(1);
    expect((await quorum(t.owner)).body.adminQuorumThreshold).toBe(3);
  });

  it('audits every step: Requested, Approved, Executed, Rejected, Canceled', async () => {
    const t = await team('Audit trail Co');
    await call(t.adminA, 'PUT', '/v1/admin_quorum', { adminQuorumThreshold: 2 });
    const events = (
      await call<{ data: { event: string; subject: string; category: string }[] }>(
        t.auditor,
        'GET',
        '/v1/management/audit_logs?category=Administration&pageSize=100',
      )
    ).body.data;
    expect(events.map((e) => e.event).sort()).toEqual(['Approved', 'Executed', 'Requested']);
    expect(events.every((e) => e.subject === 'Quorum')).toBe(true);
  });

  it('replays PUT /admin_quorum for the same Idempotency-Key instead of raising a second request', async () => {
    const t = await team('Replay Co');
    await call(t.adminA, 'PUT', '/v1/admin_quorum', { adminQuorumThreshold: 2 });
    const key = { 'Idempotency-Key': 'quorum-3-once' };
    const first = await call(t.adminA, 'PUT', '/v1/admin_quorum', { adminQuorumThreshold: 3 }, key);
    const again = await call(t.adminA, 'PUT', '/v1/admin_quorum', { adminQuorumThreshold: 3 }, key);
    expect(first.status).toBe(202);
    expect(again.status).toBe(202);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('x-request-id')).toBe(first.headers.get('x-request-id'));
    expect(await pending(t.adminA)).toHaveLength(1);
  });
});

describe('API users', () => {
  const create = (token: string, body: Record<string, unknown>) => call(token, 'POST', '/v1/management/api_users', body);
  const listed = async (token: string) => (await call<{ users: ApiUser[] }>(token, 'GET', '/v1/management/api_users')).body.users;

  it('creates a READY API user from a valid CSR once approved, and it can call the API at once', async () => {
    const t = await team('Keys Co');
    await call(t.adminA, 'PUT', '/v1/admin_quorum', { adminQuorumThreshold: 2 });
    const { csrPem, privateKeyPem } = await makeCsr({ type: 'RSA', bits: 2048 });
    const res = await create(t.adminA, { name: 'Treasury bot', role: 'SIGNER', csrPem });
    expect(res.status).toBe(200);
    expect(res.body).toBeNull();
    expect(await listed(t.adminA)).toHaveLength(0);
    const [request] = await pending(t.adminA);
    expect(request).toMatchObject({
      kind: 'API_USER_CREATION',
      summary: 'Create API user "Treasury bot" (SIGNER)',
      change: { name: 'Treasury bot', role: 'SIGNER' },
    });
    expect(JSON.stringify(request)).not.toContain('PUBLIC KEY');
    await decide(t.adminB, request!.id, 'approve');
    const [user] = await listed(t.adminA);
    expect(user).toMatchObject({ name: 'Treasury bot', role: 'SIGNER', status: 'READY', enabled: true, userType: 'API' });
    const { createPrivateKey } = await import('node:crypto');
    const bot = { id: user!.id, workspaceId: t.ws.id, privateKey: createPrivateKey(privateKeyPem) };
    const path = '/v1/auth/session';
    const session = await app.request(path, { headers: await signedHeaders(bot, path) });
    expect(session.status, await session.clone().text()).toBe(200);
  });

  it('accepts an EC P-256 key, and refuses small keys, tampered and malformed CSRs, bad names and roles', async () => {
    const t = await team('CSR Co');
    expect((await create(t.adminA, { name: 'EC bot', role: 'EDITOR', csrPem: (await makeCsr({ type: 'EC' })).csrPem })).status).toBe(200);
    const weak = await create(t.adminA, { name: 'Weak', role: 'EDITOR', csrPem: (await makeCsr({ type: 'RSA', bits: 1024 })).csrPem });
    expect(weak.body.message).toMatch(/1024 bits; at least 2048/);
    const { csrPem } = await makeCsr();
    // Flip one character inside the signed body: the self-signature no longer verifies.
    const lines = csrPem.split('\n');
    const i = 3;
    lines[i] = lines[i]!.slice(0, 10) + (lines[i]![10] === 'A' ? 'B' : 'A') + lines[i]!.slice(11);
    const tampered = await create(t.adminA, { name: 'Tampered', role: 'EDITOR', csrPem: lines.join('\n') });
    expect(tampered.status).toBe(400);
    expect(tampered.body.message).toMatch(/csrPem/);
    expect((await create(t.adminA, { name: 'Junk', role: 'EDITOR', csrPem: 'hello' })).body.message).toMatch(/PEM certificate request/);
    expect((await create(t.adminA, { name: 'x'.repeat(31), role: 'EDITOR', csrPem })).body.message).toMatch(/name must be at most 30/);
    expect((await create(t.adminA, { name: '', role: 'EDITOR', csrPem })).status).toBe(400);
    expect((await create(t.adminA, { name: 'Nope', role: 'KING', csrPem })).body.message).toMatch(/role/);
    expect((await create(t.adminA, { name: 'Owner bot', role: 'OWNER', csrPem })).body.message).toMatch(/OWNER cannot/);
    expect((await create(t.adminA, { name: 'Extra', role: 'EDITOR', csrPem, admin: true })).body.message).toMatch(/'admin' is not allowed/);
  });

  it('pairs a co-signer: 201 with a single-use token, 404 and 409 paths, then READY', async () => {
    const t = await team('Pairing Co');
    await create(t.adminA, {
      name: 'Cosigner',
      role: 'SIGNER',
      csrPem: (await makeCsr()).csrPem,
      coSignerSetupType: 'SGX_MACHINE',
      coSignerSetupIsFirstUser: true,
    });
    const decided = (await call<ApprovalList>(t.adminA, 'GET', '/v1/approval_requests?status=DECIDED')).body.data;
    expect(decided[0]!.change).toMatchObject({ coSignerSetupType: 'SGX_MACHINE', coSignerSetupIsFirstUser: true });
    const [user] = await listed(t.adminA);
    expect(user!.status).toBe('PENDING_ACTIVATION');
    const path = `/v1/management/api_users/${user!.id}/pairing_token`;
    expect((await call(t.adminA, 'POST', '/v1/management/api_users/00000000-0000-4000-8000-000000000000/pairing_token')).status).toBe(404);
    const issued = await call<{ pairingToken: string }>(t.owner, 'POST', path);
    expect(issued.status).toBe(201);
    expect(issued.body).toMatchObject({
      id: user!.id,
      name: 'Cosigner',
      role: 'SIGNER',
      enabled: true,
      status: 'PENDING_DEVICE_PAIRING',
      pairingToken: expect.any(String),
    });
    expect((await call(t.owner, 'POST', path)).status).toBe(409);

    const redeem = (token: string) =>
      app.request('/v1/cosigner/pairing', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ pairingToken: token }) });
    const paired = await redeem(issued.body.pairingToken);
    expect(paired.status).toBe(200);
    const { setupToken, status } = (await paired.json()) as { setupToken: string; status: string };
    expect(status).toBe('PENDING_DEVICE_SETUP');
    expect((await redeem(issued.body.pairingToken)).status).toBe(401);
    const setup = (token: string) =>
      app.request('/v1/cosigner/setup', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ setupToken: token }) });
    expect((await setup(setupToken)).status).toBe(200);
    expect((await setup(setupToken)).status).toBe(401);
    expect((await listed(t.adminA))[0]!.status).toBe('READY');
    expect((await call(t.owner, 'POST', path)).status).toBe(409);
    expect(ctx.logs.text).not.toContain(issued.body.pairingToken);
  });

  it('refuses an expired pairing token, and lets an admin issue a new one', async () => {
    const t = await team('Expiry Co');
    await create(t.adminA, { name: 'Late', role: 'SIGNER', csrPem: (await makeCsr()).csrPem, coSignerSetupType: 'SGX_MACHINE' });
    const [user] = await listed(t.adminA);
    const path = `/v1/management/api_users/${user!.id}/pairing_token`;
    const issued = await call<{ pairingToken: string }>(t.adminA, 'POST', path);
    ctx.clock.set(Date.now() + 25 * 3600_000);
    const late = await app.request('/v1/cosigner/pairing', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ pairingToken: issued.body.pairingToken }),
    });
    expect(late.status).toBe(401);
    expect(((await late.json()) as { message: string }).message).toMatch(/expired/);
    const fresh = await consoleToken(app, t.ws.people[1]!.email);
    expect((await call(fresh, 'POST', path)).status).toBe(201);
    ctx.clock.reset();
  });

  it('an admin disables an API user: its next request is refused; re-enabled, it works again', async () => {
    const t = await team('Switch Co');
    const bot = await addApiUser(ctx, t.ws.id, 'ADMIN');
    const path = '/v1/management/api_users';
    expect((await app.request(path, { headers: await signedHeaders(bot, path) })).status).toBe(200);
    await call(t.adminA, 'PUT', `/v1/management/api_users/${bot.id}/enabled`, { enabled: false });
    expect((await app.request(path, { headers: await signedHeaders(bot, path) })).status).toBe(401);
    await call(t.adminA, 'PUT', `/v1/management/api_users/${bot.id}/enabled`, { enabled: true });
    expect((await app.request(path, { headers: await signedHeaders(bot, path) })).status).toBe(200);
  });
});

describe('roles, for every administration operation', () => {
  it.each([
    ['GET', '/v1/management/api_users', { allowed: ['adminA', 'nsadmin'], refused: ['owner', 'auditor', 'signer', 'viewer'] }],
    ['POST', '/v1/management/api_users', { allowed: ['adminA', 'nsadmin'], refused: ['owner', 'auditor', 'signer', 'viewer'] }],
    ['PUT', '/v1/admin_quorum', { allowed: ['owner', 'adminA', 'nsadmin'], refused: ['auditor', 'signer', 'viewer'] }],
    ['GET', '/v1/admin_quorum', { allowed: ['owner', 'adminA', 'nsadmin', 'auditor'], refused: ['signer', 'viewer'] }],
    ['GET', '/v1/approval_requests', { allowed: ['owner', 'adminA', 'nsadmin', 'auditor'], refused: ['signer', 'viewer'] }],
    [
      'POST',
      '/v1/approval_requests/00000000-0000-4000-8000-000000000000/approve',
      { allowed: ['owner', 'adminA', 'nsadmin'], refused: ['auditor', 'signer', 'viewer'] },
    ],
    [
      'POST',
      '/v1/management/api_users/00000000-0000-4000-8000-000000000000/pairing_token',
      { allowed: ['owner', 'adminA', 'nsadmin'], refused: ['auditor', 'signer', 'viewer'] },
    ],
  ] as const)('%s %s', async (method, path, { allowed, refused }) => {
    const t = await team(`Roles ${method} ${path}`);
    const body =
      method === 'PUT'
        ? { adminQuorumThreshold: 99 }
        : method === 'POST' && path.endsWith('api_users')
          ? { name: 'x', role: 'EDITOR', csrPem: 'x' }
          : undefined;
    for (const who of refused) expect((await call(t[who], method, path, body)).status, `${who} must be refused`).toBe(403);
    for (const who of allowed) expect((await call(t[who], method, path, body)).status, `${who} must be let through`).not.toBe(403);
  });
});
