import { and, eq } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { ERROR_CODES } from '../../../contract/errors';
import { PASSKEY_ASSERTION_HEADER, StepUpAssertion, type StepUpOperation, type StepUpProof } from '../../../contract/passkeys';
import type { Db } from '../../db/client';
import { approvalRequests } from '../../db/schema';
import { UUID } from '../../db/uuid';
import { ApiError, badRequest } from '../../http/errors';
import { refuseDeepJson } from '../../http/json-nesting';
import type { AppDeps, AppEnv } from '../../http/types';
import { approvalContent, challengeCarries, contentDigest } from './binding';
import { passkeysRequiredOf } from './policy';
import { keepSignature } from './signatures';
import * as store from './store';
import { refusalReason, verifyAssertion } from './webauthn';

export const passkeyRequired = (message = 'This action needs confirmation with one of your passkeys') =>
  new ApiError(403, ERROR_CODES.passkeyRequired, message);
export const passkeyInvalid = (why: string) => new ApiError(403, ERROR_CODES.passkeyInvalid, `The passkey confirmation was refused: ${why}`);

/** Approve and reject confirm the request as stored; the other operations confirm the body sent. */
const DECISIONS: Partial<Record<StepUpOperation, 'APPROVE' | 'REJECT'>> = { approveApprovalRequest: 'APPROVE', rejectApprovalRequest: 'REJECT' };

/**
 * The content a step-up for this call is bound to: for a decision, the approval request as the
 * server holds it (undefined when there is none in the caller's workspace); otherwise the JSON body.
 */
export async function stepUpContent(db: Db, workspaceId: string, operationId: StepUpOperation, resourceId: string | null, body: unknown) {
  if (!DECISIONS[operationId]) return body ?? null;
  // Not a UUID: no request has that id (and the database would refuse to compare it).
  if (!resourceId || !UUID.test(resourceId)) return undefined;
  const [request] = await db
    .select()
    .from(approvalRequests)
    .where(and(eq(approvalRequests.workspaceId, workspaceId), eq(approvalRequests.id, resourceId)));
  return request && approvalContent(request);
}

async function requestBody(c: Context<AppEnv>): Promise<unknown> {
  const text = await c.req.text();
  if (text === '') return null;
  // Read whatever the Content-Type (the text check only parses JSON types), then canonicalised recursively.
  refuseDeepJson(text);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw badRequest('Malformed JSON in the request body');
  }
}

function decodeHeader(header: string): StepUpAssertion {
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(header, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(`${PASSKEY_ASSERTION_HEADER} must be base64url of JSON { challengeId, response }`);
  }
  const parsed = StepUpAssertion.safeParse(json);
  if (!parsed.success) throw badRequest(`${PASSKEY_ASSERTION_HEADER} must be base64url of JSON { challengeId, response }`);
  return parsed.data;
}

/**
 * The step-up check of one operation, after authentication and roles: a call carrying
 * X-Passkey-Assertion must answer an unspent STEP_UP challenge of the caller that is bound to this
 * very call (operation, path parameter, content), signed by one of the caller's own passkeys with
 * user verification and a counter that moved forward. Without the header the call passes unless
 * the workspace requires passkeys of the caller. API users sign every request already: no step-up.
 * A verified assertion is kept (passkey_signatures) with the change it confirmed.
 */
export function stepUp(deps: AppDeps, operationId: StepUpOperation): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const principal = c.get('principal');
    if (principal.kind !== 'CONSOLE') return next();
    const header = c.req.header(PASSKEY_ASSERTION_HEADER);
    if (!header) {
      if (await passkeysRequiredOf(deps.db, principal)) throw passkeyRequired();
      return next();
    }
    const { challengeId, response } = decodeHeader(header);
    const now = deps.now();
    const challenge = await store.consumeChallenge(deps.db, challengeId, 'STEP_UP', { workspaceId: principal.workspaceId, userId: principal.id }, now);
    if (!challenge?.binding) throw passkeyInvalid('the challenge is unknown, expired or already used; ask for a new one');
    const resourceId = Object.values(c.req.param() as Record<string, string>)[0] ?? null;
    const content = await stepUpContent(deps.db, principal.workspaceId, operationId, resourceId, DECISIONS[operationId] ? null : await requestBody(c));
    const digest = content === undefined ? null : contentDigest(operationId, resourceId, content);
    const { binding } = challenge;
    if (
      binding.operationId !== operationId ||
      binding.resourceId !== resourceId ||
      binding.contentDigest !== digest ||
      !challengeCarries(challenge.challenge, binding.contentDigest)
    ) {
      throw passkeyInvalid('it was made for another request (another operation, object or content)');
    }
    const passkey = await store.findByCredentialId(deps.db, response.id);
    if (!passkey || passkey.workspaceId !== principal.workspaceId || passkey.userId !== principal.id) {
      throw passkeyInvalid('unknown credential: it is not one of your passkeys');
    }
    let info: Awaited<ReturnType<typeof verifyAssertion>>;
    try {
      info = await verifyAssertion(deps.config, response, challenge.challenge, passkey);
    } catch (error) {
      throw passkeyInvalid(refusalReason(error));
    }
    if (!(await store.recordUse(deps.db, passkey.id, info.newCounter, now))) {
      throw passkeyInvalid(refusalReason(new Error('counter went backwards')));
    }
    const proof: StepUpProof = {
      passkeyId: passkey.id,
      credentialId: passkey.credentialId,
      name: passkey.name,
      publicKey: passkey.publicKey,
      operationId,
      resourceId,
      contentDigest: binding.contentDigest,
      challenge: challenge.challenge,
      authenticatorData: response.response.authenticatorData,
      clientDataJson: response.response.clientDataJSON,
      signature: response.response.signature,
    };
    c.set('stepUp', proof);
    await next();
    // A decision keeps its proof in its own transaction (approvals.decide); the others once they succeeded.
    if (c.res.status < 300 && !DECISIONS[operationId]) await keepSignature(deps.db, principal, proof, null, now);
  };
}
