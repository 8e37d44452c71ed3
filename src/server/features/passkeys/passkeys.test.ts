import { describe, expect, it } from 'vitest';
import type { ApprovalRequest } from '../../../contract/admin';
import type { AuditLogsResponse } from '../../../contract/audit';
import type { SessionResponse } from '../../../contract/auth';
import { ERROR_CODES } from '../../../contract/errors';
import type {
  ApprovalSignatures,
  AuthenticationOptionsResponse,
  AuthenticationResponse,
  Passkey,
  PasskeyList,
  PasskeyPolicy,
  RegistrationOptionsResponse,
  StepUpOptionsRequest,
  StepUpOptionsResponse,
} from '../../../contract/passkeys';
import { addApiUser, addWorkspace, consoleToken, makeCsr, signedHeaders, signIn } from '../../test/harness';
import { testApp } from '../../test/test-app';
import { SoftwareAuthenticator } from '../../test/software-authenticator';

const ORIGIN = 'http://localhost:5173';

const { ctx, app, call } = testApp({ publicOrigin: ORIGIN });

const post = async <T>(path: string, body: unknown) => {
  const res = await app.request(path, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as T & { message: string; code: number }, headers: res.headers };
};

async function registerPasskey(token: string, authenticator: SoftwareAuthenticator, name = 'YubiKey', origin?: string) {
  const start = await call<RegistrationOptionsResponse>(token, 'POST', '/v1/auth/passkeys/registration_options', {});
  expect(start.status).toBe(200);
  const response = await authenticator.register(start.body.options, { origin });
  return call<Passkey>(token, 'POST', '/v1/auth/passkeys', { challengeId: start.body.challengeId, name, response });
}

async function passkeySignIn(authenticator: SoftwareAuthenticator, overrides: Parameters<SoftwareAuthenticator['assert']>[1] = {}) {
  const start = await post<AuthenticationOptionsResponse>('/v1/auth/passkey_sign_in/options', {});
  expect(start.status).toBe(200);
  const response = await authenticator.assert(start.body.options, overrides);
  return {
    challengeId: start.body.challengeId,
    response,
    result: await post<SessionResponse>('/v1/auth/passkey_sign_in', { challengeId: start.body.challengeId, response }),
  };
}

const header = (challengeId: string, response: AuthenticationResponse) => ({
  'X-Passkey-Assertion': Buffer.from(JSON.stringify({ challengeId, response })).toString('base64url'),
});

/** A fresh assertion for one call of a step-up operation, as the console makes it. */
async function stepUp(
  token: string,
  authenticator: SoftwareAuthenticator,
  request: StepUpOptionsRequest,
  overrides: Parameters<SoftwareAuthenticator['assert']>[1] = {},
) {
  const start = await call<StepUpOptionsResponse>(token, 'POST', '/v1/auth/step_up/options', request);
  expect(start.status).toBe(200);
  return header(start.body.challengeId, await authenticator.assert(start.body.options, overrides));
}

const decide = (token: string, id: string, action: 'approve' | 'reject', headers: Record<string, string> = {}) =>
  call<ApprovalRequest>(token, 'POST', `/v1/approval_requests/${id}/${action}`, undefined, headers);

/** A workspace whose admins each registered a passkey, with the requirement turned on. */
async function requiringWorkspace(name: string, roles: Parameters<typeof addWorkspace>[2] = ['OWNER', 'ADMIN', 'VIEWER']) {
  const ws = await addWorkspace(ctx, name, roles);
  const tokens = await Promise.all(ws.people.map((p) => consoleToken(app, p.email)));
  const keys = ws.people.map(() => new SoftwareAuthenticator({ origin: ORIGIN }));
  for (const [i, p] of ws.people.entries()) if (p.role !== 'VIEWER') expect((await registerPasskey(tokens[i]!, keys[i]!)).status).toBe(201);
  const body = { adminsRequirePasskeys: true };
  const raised = await call<ApprovalRequest>(
    tokens[0]!,
    'PUT',
    '/v1/management/passkey_policy',
    body,
    await stepUp(tokens[0]!, keys[0]!, { operationId: 'updatePasskeyPolicy', body }),
  );
  expect(raised.status).toBe(202);
  expect(raised.body).toMatchObject({ kind: 'PASSKEY_POLICY', status: 'EXECUTED' });
  return { ws, tokens, keys };
}

describe('passkey registration and sign-in', () => {
  it('registers a passkey with a real attestation, lists it, renames it, and signs in with it (no email typed)', async () => {
    const ws = await addWorkspace(ctx, 'Register Co', ['ADMIN']);
    const token = await consoleToken(app, ws.people[0]!.email);
    const key = new SoftwareAuthenticator({ origin: ORIGIN, synced: true });
    const start = await call<RegistrationOptionsResponse>(token, 'POST', '/v1/auth/passkeys/registration_options', {});
    expect(start.body.options).toMatchObject({
      rp: { id: 'localhost' },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      excludeCredentials: [],
    });
    const registered = await registerPasskey(token, key, 'Work laptop');
    expect(registered.status).toBe(201);
    expect(registered.body).toMatchObject({
      name: 'Work laptop',
      credentialId: key.credentialIds[0],
      deviceType: 'multiDevice',
      backedUp: true,
      transports: ['usb'],
      lastUsedAt: null,
    });
    // The next registration excludes it, so one authenticator is not registered twice.
    const again = await call<RegistrationOptionsResponse>(token, 'POST', '/v1/auth/passkeys/registration_options', {});
    expect(again.body.options.excludeCredentials?.map((c) => c.id)).toEqual(key.credentialIds);

    const renamed = await call<Passkey>(token, 'PATCH', `/v1/auth/passkeys/${registered.body.id}`, { name: 'Laptop' });
    expect(renamed.body.name).toBe('Laptop');

    const { result } = await passkeySignIn(key);
    expect(result.status).toBe(200);
    expect(result.body.user).toMatchObject({ id: ws.people[0]!.id, kind: 'CONSOLE', role: 'ADMIN' });
    expect(result.headers.get('set-cookie')).toMatch(/ao_refresh=.*HttpOnly/i);
    const list = await call<PasskeyList>(result.body.accessToken, 'GET', '/v1/auth/passkeys');
    expect(list.body).toMatchObject({ requiredForMe: false, origin: 'http://localhost:5173', passkeys: [{ name: 'Laptop', lastUsedAt: expect.any(Number) }] });

    const audit = await call<AuditLogsResponse>(token, 'GET', '/v1/management/audit_logs?subject=Passkey&subject=Sign-in');
    const events = audit.body.data.map((e) => `${e.subject}/${e.event}`);
    expect(events).toEqual(expect.arrayContaining(['Passkey/Registered', 'Passkey/Renamed', 'Sign-in/Signed in']));
    const signedIn = audit.body.data.find((e) => e.event === 'Signed in' && e.detail.method === 'passkey');
    expect(signedIn?.detail.passkey).toEqual({ credentialId: key.credentialIds[0], name: 'Laptop' });
  });

  it('refuses an attestation or an assertion made for another origin (a phishing site)', async () => {
    const ws = await addWorkspace(ctx, 'Origin Co', ['SIGNER']);
    const token = await consoleToken(app, ws.people[0]!.email);
    const key = new SoftwareAuthenticator({ origin: ORIGIN });
    const phished = await registerPasskey(token, new SoftwareAuthenticator({ origin: ORIGIN }), 'Phished', 'https://ops.example.evil');
    expect(phished).toMatchObject({ status: 400, body: { code: ERROR_CODES.passkeyInvalid, message: expect.stringMatching(/another origin/) } });
    expect((await registerPasskey(token, key)).status).toBe(201);
    const { result } = await passkeySignIn(key, { origin: 'http://localhost:6666' });
    expect(result).toMatchObject({ status: 401, body: { code: ERROR_CODES.passkeyInvalid, message: expect.stringMatching(/another origin/) } });
  });

  it('spends each challenge once: a replayed sign-in is refused', async () => {
    const ws = await addWorkspace(ctx, 'Replay Co', ['VIEWER']);
    const key = new SoftwareAuthenticator({ origin: ORIGIN });
    expect((await registerPasskey(await consoleToken(app, ws.people[0]!.email), key)).status).toBe(201);
    const first = await passkeySignIn(key);
    expect(first.result.status).toBe(200);
    const replay = await post('/v1/auth/passkey_sign_in', { challengeId: first.challengeId, response: first.response });
    expect(replay).toMatchObject({ status: 401, body: { message: expect.stringMatching(/already used/) } });
    // A fresh assertion for the spent challenge is refused as well.
    const fresh = await key.assert({ challenge: first.response.response.clientDataJSON, rpId: 'localhost' });
    expect((await post('/v1/auth/passkey_sign_in', { challengeId: first.challengeId, response: fresh })).status).toBe(401);
  });

  it('refuses a cloned authenticator whose counter goes backwards', async () => {
    const ws = await addWorkspace(ctx, 'Clone Co', ['ADMIN']);
    const key = new SoftwareAuthenticator({ origin: ORIGIN });
    expect((await registerPasskey(await consoleToken(app, ws.people[0]!.email), key)).status).toBe(201);
    expect((await passkeySignIn(key)).result.status).toBe(200);
    const clone = key.clone(key.credentialIds[0]!);
    expect((await passkeySignIn(key)).result.status).toBe(200);
    const cloned = await passkeySignIn(clone);
    expect(cloned.result).toMatchObject({ status: 401, body: { message: expect.stringMatching(/cloned/) } });
  });

  it('passkeys belong to console users: an API user gets 403', async () => {
    const ws = await addWorkspace(ctx, 'Bot Co', ['ADMIN']);
    const bot = await addApiUser(ctx, ws.id, 'ADMIN');
    const res = await app.request('/v1/auth/passkeys', { headers: await signedHeaders(bot, '/v1/auth/passkeys') });
    expect(res.status).toBe(403);
  });

  it('so are the workspace’s requirement and the signatures: an ADMIN API user gets 403 where a console admin reads them', async () => {
    const ws = await addWorkspace(ctx, 'Policy Bot Co', ['ADMIN']);
    const bot = await addApiUser(ctx, ws.id, 'ADMIN');
    const signed = async (method: string, path: string, body?: string) =>
      app.request(path, { method, headers: await signedHeaders(bot, path, { method, body }), body });
    const signatures = '/v1/approval_requests/3f0e4a7c-0000-4000-8000-000000000000/signatures';
    const answers = [
      await signed('GET', '/v1/management/passkey_policy'),
      await signed('PUT', '/v1/management/passkey_policy', JSON.stringify({ adminsRequirePasskeys: true })),
      await signed('GET', signatures),
    ];
    for (const res of answers) {
      expect({ status: res.status, ...((await res.json()) as object) }).toEqual({
        status: 403,
        code: ERROR_CODES.insufficientPermissions,
        message: expect.stringMatching(/console users/),
      });
    }
    const admin = await consoleToken(app, ws.people[0]!.email);
    expect(await call<PasskeyPolicy>(admin, 'GET', '/v1/management/passkey_policy')).toMatchObject({ status: 200, body: { adminsRequirePasskeys: false } });
    expect((await call(admin, 'GET', signatures)).status).toBe(404);
  });
});

describe('step-up bound to the request', () => {
  it('an assertion made for one approval cannot approve another, nor a webhook body the one confirmed', async () => {
    const ws = await addWorkspace(ctx, 'Binding Co', ['OWNER', 'ADMIN', 'ADMIN']);
    const [owner, admin, otherAdmin] = await Promise.all(ws.people.map((p) => consoleToken(app, p.email)));
    const key = new SoftwareAuthenticator({ origin: ORIGIN });
    expect((await registerPasskey(admin!, key)).status).toBe(201);
    await call(owner!, 'PUT', '/v1/admin_quorum', { adminQuorumThreshold: 2 });
    const first = await call(owner!, 'PUT', '/v1/admin_quorum', { adminQuorumThreshold: 1 });
    expect(first.status).toBe(202);
    const pending = (await call<{ data: ApprovalRequest[] }>(admin!, 'GET', '/v1/approval_requests?status=PENDING')).body.data;
    const [quorumChange] = pending;
    // A second pending request to aim the assertion at.
    expect((await call(otherAdmin!, 'POST', '/v1/management/api_users', { name: 'bot', role: 'VIEWER', csrPem: (await makeCsr()).csrPem })).status).toBe(200);
    const other = (await call<{ data: ApprovalRequest[] }>(admin!, 'GET', '/v1/approval_requests?status=PENDING')).body.data.find(
      (r) => r.id !== quorumChange!.id,
    )!;

    const forQuorum = await stepUp(admin!, key, { operationId: 'approveApprovalRequest', resourceId: quorumChange!.id });
    const misused = await decide(admin!, other.id, 'approve', forQuorum);
    expect(misused).toMatchObject({ status: 403, body: { code: ERROR_CODES.passkeyInvalid, message: expect.stringMatching(/another request/) } });
    // Nor can an approval's assertion reject it.
    const forApproval = await stepUp(admin!, key, { operationId: 'approveApprovalRequest', resourceId: other.id });
    expect((await decide(admin!, other.id, 'reject', forApproval)).status).toBe(403);
    const rightOne = await stepUp(admin!, key, { operationId: 'approveApprovalRequest', resourceId: other.id });
    const approved = await decide(admin!, other.id, 'approve', rightOne);
    expect(approved.status).toBe(200);
    expect(approved.body.decisions.find((d) => d.userName === 'ADMIN 1')?.passkey).toEqual({ credentialId: key.credentialIds[0], name: 'YubiKey' });

    const body = { url: 'http://127.0.0.1:9/hook', events: ['transaction.created'] };
    const confirmed = await stepUp(admin!, key, { operationId: 'createWebhook', body });
    const changed = await call(admin!, 'POST', '/v1/webhooks', { ...body, url: 'http://127.0.0.1:9/attacker' }, confirmed);
    expect(changed).toMatchObject({ status: 403, body: { code: ERROR_CODES.passkeyInvalid } });
    const created = await call(admin!, 'POST', '/v1/webhooks', body, await stepUp(admin!, key, { operationId: 'createWebhook', body }));
    expect(created.status).toBe(201);
    const audit = await call<AuditLogsResponse>(admin!, 'GET', '/v1/management/audit_logs?category=Webhooks');
    expect(audit.body.data[0]?.detail.passkey).toMatchObject({
      credentialId: key.credentialIds[0],
      name: 'YubiKey',
      contentDigest: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
  });

  it('keeps workspaces apart: a passkey of workspace A cannot confirm in B, nor answer another user’s challenge', async () => {
    const a = await addWorkspace(ctx, 'Isolation A', ['ADMIN']);
    const b = await addWorkspace(ctx, 'Isolation B', ['ADMIN']);
    const [tokenA, tokenB] = await Promise.all([consoleToken(app, a.people[0]!.email), consoleToken(app, b.people[0]!.email)]);
    const keyA = new SoftwareAuthenticator({ origin: ORIGIN });
    const keyB = new SoftwareAuthenticator({ origin: ORIGIN });
    expect((await registerPasskey(tokenA!, keyA)).status).toBe(201);
    expect((await registerPasskey(tokenB!, keyB)).status).toBe(201);
    const body = { url: 'http://127.0.0.1:9/b', events: ['transaction.created'] };
    // B asks for a challenge; A's key signs it (the authenticator is stolen across tenants).
    const start = await call<StepUpOptionsResponse>(tokenB!, 'POST', '/v1/auth/step_up/options', { operationId: 'createWebhook', body });
    const signedByA = await keyA.assert({ ...start.body.options, allowCredentials: undefined }, { credentialId: keyA.credentialIds[0] });
    const refused = await call(tokenB!, 'POST', '/v1/webhooks', body, header(start.body.challengeId, signedByA));
    expect(refused).toMatchObject({ status: 403, body: { message: expect.stringMatching(/not one of your passkeys/) } });
    // A's challenge is not B's to spend.
    const startA = await call<StepUpOptionsResponse>(tokenA!, 'POST', '/v1/auth/step_up/options', { operationId: 'createWebhook', body });
    const signedByB = await keyB.assert({ ...startA.body.options, allowCredentials: undefined });
    expect((await call(tokenB!, 'POST', '/v1/webhooks', body, header(startA.body.challengeId, signedByB))).status).toBe(403);
    // A's passkey signs in to A, never to B.
    expect((await passkeySignIn(keyA)).result.body.user.workspaceId).toBe(a.id);
  });

  it('refuses a body nested past the limit whatever its Content-Type, before binding it to the assertion', async () => {
    const ws = await addWorkspace(ctx, 'Deep Co', ['ADMIN']);
    const token = await consoleToken(app, ws.people[0]!.email);
    const key = new SoftwareAuthenticator({ origin: ORIGIN });
    expect((await registerPasskey(token, key)).status).toBe(201);
    const body = '['.repeat(100_000) + ']'.repeat(100_000);
    const confirmed = await stepUp(token, key, { operationId: 'createWebhook', body: {} });
    const res = await app.request('/v1/webhooks', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'text/plain', ...confirmed },
      body,
    });
    expect({ status: res.status, ...((await res.json()) as object) }).toEqual({ status: 400, code: 400, message: expect.stringMatching(/nesting limit/) });
  });
});

describe('passkeys required of admins', () => {
  it('cannot be required while an admin has none, and is turned on through an approval request', async () => {
    const ws = await addWorkspace(ctx, 'Policy Co', ['OWNER', 'ADMIN']);
    const [owner] = await Promise.all(ws.people.map((p) => consoleToken(app, p.email)));
    const key = new SoftwareAuthenticator({ origin: ORIGIN });
    expect((await registerPasskey(owner!, key)).status).toBe(201);
    const refused = await call(owner!, 'PUT', '/v1/management/passkey_policy', { adminsRequirePasskeys: true });
    expect(refused).toMatchObject({ status: 409, body: { message: expect.stringMatching(/ADMIN 1 must first register/) } });
    const policy = await call<PasskeyPolicy>(owner!, 'GET', '/v1/management/passkey_policy');
    expect(policy.body).toEqual({ adminsRequirePasskeys: false, pendingRequestId: null, adminsWithoutPasskey: [{ id: ws.people[1]!.id, name: 'ADMIN 1' }] });
  });

  it('then refuses password sign-in of admins, approvals without an assertion, and removing the last passkey', async () => {
    const { ws, tokens, keys } = await requiringWorkspace('Required Co');
    const [owner, admin, viewer] = tokens as [string, string, string];
    expect((await call<PasskeyList>(admin, 'GET', '/v1/auth/passkeys')).body.requiredForMe).toBe(true);
    expect((await call<PasskeyList>(viewer, 'GET', '/v1/auth/passkeys')).body.requiredForMe).toBe(false);

    const password = await signIn(app, ws.people[1]!.email);
    expect(password.status).toBe(403);
    expect(await password.json()).toEqual({ code: ERROR_CODES.passkeyRequired, message: 'This workspace requires admins to sign in with a passkey' });
    expect((await signIn(app, ws.people[2]!.email)).status).toBe(200);
    expect((await passkeySignIn(keys[1]!)).result.status).toBe(200);

    expect((await call(owner, 'PUT', '/v1/admin_quorum', { adminQuorumThreshold: 2 })).status).toBe(202);
    const [request] = (await call<{ data: ApprovalRequest[] }>(admin, 'GET', '/v1/approval_requests?status=PENDING')).body.data;
    // The requester's approval is not taken for granted while passkeys are required.
    expect(request).toMatchObject({ approvals: 0 });
    expect(await decide(admin, request!.id, 'approve')).toMatchObject({ status: 403, body: { code: ERROR_CODES.passkeyRequired } });

    // Every other step-up operation too; with a confirmation bound to the body it goes through.
    const screening = { disableUnfreeze: true };
    for (const [method, path, body] of [
      ['PUT', '/v1/screening/configurations', screening],
      ['POST', '/v1/webhooks', { url: 'http://127.0.0.1:9/x', events: ['transaction.created'] }],
      ['PUT', `/v1/management/api_users/${ws.id}/enabled`, { enabled: false }],
    ] as const) {
      expect((await call(admin, method, path, body)).body.code).toBe(ERROR_CODES.passkeyRequired);
    }
    const confirmed = await call(
      admin,
      'PUT',
      '/v1/screening/configurations',
      screening,
      await stepUp(admin, keys[1]!, { operationId: 'updateScreeningConfiguration', body: screening }),
    );
    expect(confirmed.status).toBe(200);

    const [mine] = (await call<PasskeyList>(admin, 'GET', '/v1/auth/passkeys')).body.passkeys;
    const removal = await call(
      admin,
      'DELETE',
      `/v1/auth/passkeys/${mine!.id}`,
      undefined,
      await stepUp(admin, keys[1]!, { operationId: 'deletePasskey', resourceId: mine!.id }),
    );
    expect(removal).toMatchObject({ status: 409, body: { message: expect.stringMatching(/last passkey/) } });
    const spare = new SoftwareAuthenticator({ origin: ORIGIN });
    expect((await registerPasskey(admin, spare, 'Spare')).status).toBe(201);
    const removed = await app.request(`/v1/auth/passkeys/${mine!.id}`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${admin}`, ...(await stepUp(admin, keys[1]!, { operationId: 'deletePasskey', resourceId: mine!.id })) },
    });
    expect(removed.status).toBe(204);
    // Without a confirmation, removal is refused while passkeys are required.
    const [left] = (await call<PasskeyList>(admin, 'GET', '/v1/auth/passkeys')).body.passkeys;
    expect((await call(admin, 'DELETE', `/v1/auth/passkeys/${left!.id}`)).body.code).toBe(ERROR_CODES.passkeyRequired);
  });

  it('two admins approve a quorum change each with their own passkey; it executes and the auditor verifies both signatures', async () => {
    const { tokens, keys } = await requiringWorkspace('Quorum Keys Co', ['OWNER', 'ADMIN', 'AUDITOR']);
    const [owner, admin, auditor] = tokens as [string, string, string];
    // Raise the threshold to 2 (with a threshold of 1 the owner's confirmed approval executes it).
    const raiseTo2 = await call(owner, 'PUT', '/v1/admin_quorum', { adminQuorumThreshold: 2 });
    expect(raiseTo2.status).toBe(202);
    const [toTwo] = (await call<{ data: ApprovalRequest[] }>(owner, 'GET', '/v1/approval_requests?status=PENDING')).body.data;
    const executedToTwo = await decide(
      owner,
      toTwo!.id,
      'approve',
      await stepUp(owner, keys[0]!, { operationId: 'approveApprovalRequest', resourceId: toTwo!.id }),
    );
    expect(executedToTwo.body.status).toBe('EXECUTED');

    expect((await call(owner, 'PUT', '/v1/admin_quorum', { adminQuorumThreshold: 1 })).status).toBe(202);
    const [change] = (await call<{ data: ApprovalRequest[] }>(owner, 'GET', '/v1/approval_requests?status=PENDING')).body.data;
    const byOwner = await decide(
      owner,
      change!.id,
      'approve',
      await stepUp(owner, keys[0]!, { operationId: 'approveApprovalRequest', resourceId: change!.id }),
    );
    expect(byOwner.body).toMatchObject({ status: 'PENDING', approvals: 1, requiredApprovals: 2 });
    const byAdmin = await decide(
      admin,
      change!.id,
      'approve',
      await stepUp(admin, keys[1]!, { operationId: 'approveApprovalRequest', resourceId: change!.id }),
    );
    expect(byAdmin.body).toMatchObject({ status: 'EXECUTED', approvals: 2 });
    expect(byAdmin.body.decisions.map((d) => d.passkey?.credentialId)).toEqual([keys[0]!.credentialIds[0], keys[1]!.credentialIds[0]]);

    const signatures = await call<ApprovalSignatures>(auditor, 'GET', `/v1/approval_requests/${change!.id}/signatures`);
    expect(signatures.status).toBe(200);
    expect(signatures.body.decisions).toMatchObject([
      { decision: 'APPROVE', verified: true, reason: null, passkey: { credentialId: keys[0]!.credentialIds[0] } },
      { decision: 'APPROVE', verified: true, reason: null, passkey: { credentialId: keys[1]!.credentialIds[0] } },
    ]);
    const audit = await call<AuditLogsResponse>(auditor, 'GET', '/v1/management/audit_logs?subject=Quorum&event=Executed');
    expect(audit.body.data[0]?.detail.passkey).toMatchObject({ credentialId: keys[1]!.credentialIds[0] });
  });
});
