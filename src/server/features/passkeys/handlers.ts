import { randomBytes, randomUUID } from 'node:crypto';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { ERROR_CODES } from '../../../contract/errors';
import { TRANSPORTS } from '../../../contract/passkeys';
import * as routes from '../../../contract/routes/passkeys';
import { register } from '../../http/register';
import { clientAddress } from '../../http/client-address';
import { ApiError, conflict, forbidden, notFound, unauthorized } from '../../http/errors';
import { commitWithResponse } from '../../http/idempotency';
import type { AppDeps, AppEnv, Principal } from '../../http/types';
import { actorOf, appendAudit, auditRequest, type AuditEntry } from '../audit/record';
import { signInEvent } from '../auth/events';
import { issueSession, THROTTLE } from '../auth/handlers';
import * as auth from '../auth/store';
import { boundChallenge, contentDigest } from './binding';
import { passkeysRequiredOf } from './policy';
import { stepUpContent } from './step-up';
import * as store from './store';
import { authenticationOptions, refusalReason, registrationOptions, relyingParty, verifyAssertion, verifyRegistration } from './webauthn';

const passkeyEvent = (event: string, detail: Record<string, unknown>): AuditEntry => ({ category: 'Security', subject: 'Passkey', event, detail });

/**
 * Passkeys belong to console users; an API user signs every request with its key already, and is
 * never required to have one, so the workspace's requirement and the signatures are not its either.
 */
export function consoleUser(c: Context<AppEnv>): Principal {
  const principal = c.get('principal');
  if (principal.kind !== 'CONSOLE')
    throw forbidden('Passkeys belong to console users; an API user signs every request with its key', ERROR_CODES.insufficientPermissions);
  return principal;
}

/**
 * Why an admin may not sign in with a password: while the workspace requires passkeys of admins,
 * they sign in with one (registered before the setting was turned on, which it checks).
 */
export async function passwordSignInRefusal(deps: AppDeps, principal: Principal): Promise<string | null> {
  return (await passkeysRequiredOf(deps.db, principal)) ? 'This workspace requires admins to sign in with a passkey' : null;
}

export function registerPasskeys(app: OpenAPIHono<AppEnv>, deps: AppDeps) {
  const now = () => deps.now();

  register(app, deps, routes.listPasskeys, async (c) => {
    const me = consoleUser(c);
    const [rows, requiredForMe] = await Promise.all([store.listMine(deps.db, me.workspaceId, me.id), passkeysRequiredOf(deps.db, me)]);
    return c.json({ passkeys: rows.map(store.describePasskey), requiredForMe, origin: relyingParty(deps.config).origin }, 200);
  });

  register(app, deps, routes.startPasskeyRegistration, async (c) => {
    const me = consoleUser(c);
    const options = await registrationOptions(deps.config, me, await store.listMine(deps.db, me.workspaceId, me.id));
    const challengeId = await store.storeChallenge(
      deps.db,
      { workspaceId: me.workspaceId, userId: me.id, purpose: 'REGISTRATION', challenge: options.challenge },
      now(),
    );
    return c.json({ challengeId, options }, 200);
  });

  register(app, deps, routes.registerPasskey, async (c) => {
    const me = consoleUser(c);
    const { challengeId, name, response } = c.req.valid('json');
    // Spent before it is checked: a challenge answers one attempt, good or bad.
    const challenge = await store.consumeChallenge(deps.db, challengeId, 'REGISTRATION', { workspaceId: me.workspaceId, userId: me.id }, now());
    if (!challenge) throw new ApiError(400, ERROR_CODES.passkeyInvalid, 'The registration challenge is unknown, expired or already used; start again');
    let info: Awaited<ReturnType<typeof verifyRegistration>>;
    try {
      info = await verifyRegistration(deps.config, response, challenge.challenge);
    } catch (error) {
      throw new ApiError(400, ERROR_CODES.passkeyInvalid, `The passkey was not registered: ${refusalReason(error)}`);
    }
    return commitWithResponse(
      c,
      deps.db,
      async (tx) => {
        const row = await store.insertPasskey(tx, {
          workspaceId: me.workspaceId,
          userId: me.id,
          name,
          credentialId: info.credential.id,
          publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
          counter: info.credential.counter,
          deviceType: info.credentialDeviceType,
          backedUp: info.credentialBackedUp,
          // Only the transports WebAuthn defines: they are sent back to browsers in later options.
          transports: (response.response.transports ?? []).filter((t) => (TRANSPORTS as readonly string[]).includes(t)),
          createdAt: now(),
        });
        if (!row) throw conflict('This passkey is already registered');
        await auditRequest(
          tx,
          c,
          deps,
          now(),
          passkeyEvent('Registered', { passkeyId: row.id, name, credentialId: row.credentialId, deviceType: row.deviceType, backedUp: row.backedUp }),
        );
        return store.describePasskey(row);
      },
      (passkey) => c.json(passkey, 201),
    );
  });

  register(app, deps, routes.renamePasskey, async (c) => {
    const me = consoleUser(c);
    const { passkeyId } = c.req.valid('param');
    const { name } = c.req.valid('json');
    return commitWithResponse(
      c,
      deps.db,
      async (tx) => {
        const before = await store.getMine(tx, me.workspaceId, me.id, passkeyId);
        const row = before && (await store.renamePasskey(tx, me.workspaceId, me.id, passkeyId, name));
        if (!before || !row) throw notFound('Passkey not found');
        await auditRequest(
          tx,
          c,
          deps,
          now(),
          passkeyEvent('Renamed', { passkeyId, credentialId: row.credentialId, before: { name: before.name }, after: { name } }),
        );
        return store.describePasskey(row);
      },
      (passkey) => c.json(passkey, 200),
    );
  });

  register(app, deps, routes.deletePasskey, async (c) => {
    const me = consoleUser(c);
    const { passkeyId } = c.req.valid('param');
    return commitWithResponse(
      c,
      deps.db,
      async (tx) => {
        const mine = await store.listMine(tx, me.workspaceId, me.id);
        if (!mine.some((p) => p.id === passkeyId)) throw notFound('Passkey not found');
        if (mine.length === 1 && (await passkeysRequiredOf(tx, me))) {
          throw conflict('This is your last passkey and the workspace requires passkeys of admins: register another one before removing it');
        }
        const row = await store.deletePasskey(tx, me.workspaceId, me.id, passkeyId);
        if (!row) throw notFound('Passkey not found');
        await auditRequest(tx, c, deps, now(), passkeyEvent('Removed', { passkeyId, name: row.name, credentialId: row.credentialId }));
      },
      () => c.body(null, 204),
    );
  });

  register(app, deps, routes.startStepUp, async (c) => {
    const me = consoleUser(c);
    const { operationId, resourceId = null, body } = c.req.valid('json');
    const content = await stepUpContent(deps.db, me.workspaceId, operationId, resourceId, body);
    if (content === undefined) throw notFound('Approval request not found');
    const mine = await store.listMine(deps.db, me.workspaceId, me.id);
    if (mine.length === 0) throw conflict('You have no passkey to confirm with: register one first');
    const digest = contentDigest(operationId, resourceId, content);
    const challenge = boundChallenge(digest);
    const options = await authenticationOptions(deps.config, Buffer.from(challenge, 'base64url'), mine);
    const challengeId = await store.storeChallenge(
      deps.db,
      {
        workspaceId: me.workspaceId,
        userId: me.id,
        purpose: 'STEP_UP',
        challenge: options.challenge,
        binding: { operationId, resourceId, contentDigest: digest },
      },
      now(),
    );
    return c.json({ challengeId, options, contentDigest: digest }, 200);
  });

  // Discoverable sign-in: throttled per address like the password sign-in (no account is named).
  const throttled = async (c: Context<AppEnv>) => {
    const at = now();
    const blocked = await auth.blockedUntil(deps.db, [THROTTLE.address(clientAddress(c, deps.config.trustProxy))], at);
    if (!blocked) return;
    const retryAfter = Math.max(1, Math.ceil((blocked.getTime() - at.getTime()) / 1000));
    throw new ApiError(429, ERROR_CODES.tooManyRequests, `Too many failed sign-ins; try again in ${retryAfter} s`, { 'Retry-After': String(retryAfter) });
  };

  register(app, deps, routes.startPasskeySignIn, async (c) => {
    await throttled(c);
    const options = await authenticationOptions(deps.config, randomBytes(32));
    const challengeId = await store.storeChallenge(deps.db, { workspaceId: null, userId: null, purpose: 'SIGN_IN', challenge: options.challenge }, now());
    return c.json({ challengeId, options }, 200);
  });

  register(app, deps, routes.passkeySignIn, async (c) => {
    await throttled(c);
    const { challengeId, response } = c.req.valid('json');
    const address = clientAddress(c, deps.config.trustProxy);
    const passkey = await store.findByCredentialId(deps.db, response.id);
    const person = passkey && (await auth.findConsolePrincipal(deps.db, passkey.userId));
    const fail = async (reason: string) => {
      await auth.recordFailure(deps.db, { key: THROTTLE.address(address), freeFailures: THROTTLE.ADDRESS_FREE_FAILURES }, now());
      c.get('log').warn({ event: 'passkey_sign_in_failed' }, 'passkey sign-in failed');
      if (person && passkey) {
        await appendAudit(
          deps.db,
          actorOf(c, deps, person),
          [signInEvent('Sign-in failed', { reason, method: 'passkey', passkey: { credentialId: passkey.credentialId, name: passkey.name } })],
          now(),
        );
      }
      return unauthorized(`Passkey sign-in failed: ${reason}`, ERROR_CODES.passkeyInvalid);
    };
    const challenge = await store.consumeChallenge(deps.db, challengeId, 'SIGN_IN', null, now());
    if (!challenge) throw await fail('the challenge is unknown, expired or already used; start again');
    if (!passkey || !person || passkey.workspaceId !== person.workspaceId) throw await fail('this passkey is not registered here (or its account is disabled)');
    if (response.response.userHandle && response.response.userHandle !== Buffer.from(person.id).toString('base64url')) {
      throw await fail('the passkey names another user');
    }
    let info: Awaited<ReturnType<typeof verifyAssertion>>;
    try {
      info = await verifyAssertion(deps.config, response, challenge.challenge, passkey);
    } catch (error) {
      throw await fail(refusalReason(error));
    }
    if (!(await store.recordUse(deps.db, passkey.id, info.newCounter, now()))) throw await fail(refusalReason(new Error('counter')));
    await appendAudit(
      deps.db,
      actorOf(c, deps, person),
      [signInEvent('Signed in', { role: person.role, method: 'passkey', passkey: { credentialId: passkey.credentialId, name: passkey.name } })],
      now(),
    );
    return c.json(await issueSession(deps, c, person, randomUUID()), 200);
  });
}
