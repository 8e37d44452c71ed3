import type { MiddlewareHandler } from 'hono';
import { ERROR_CODES } from '../../contract/errors';
import { mayPerform, type GuardedOperationId } from '../../contract/operations';
import { isStepUpOperation, type StepUpOperation } from '../../contract/passkeys';
import type { GuardedDefinition } from '../../contract/routes/operation';
import { ApiError } from './errors';
import { idempotency } from './idempotency';
import { rateLimit } from './rate-limit';
import type { AppDeps, AppEnv } from './types';

/** Who is calling (the app's Gate says), kept on the request and stamped on its log lines. */
const authenticate: MiddlewareHandler<AppEnv> = async (c, next) => {
  const principal = await c.get('gate').authenticate(c);
  c.set('principal', principal);
  c.set('log', c.get('log').child({ workspaceId: principal.workspaceId, principal: `${principal.kind}:${principal.id}` }));
  await next();
};

/** Whether the caller's role may perform the operation (the one table, src/contract/operations.ts); a refusal is recorded, then a 403. */
function authorize(operationId: GuardedOperationId): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const { role } = c.get('principal');
    if (!mayPerform(role, operationId)) {
      await c.get('gate').refused(c, operationId);
      throw new ApiError(403, ERROR_CODES.insufficientPermissions, `Insufficient permissions: the ${role} role may not perform ${operationId}`);
    }
    await next();
  };
}

/** The passkey check of a step-up operation (the app's Gate runs it), after authentication and roles. */
const stepUp =
  (operationId: StepUpOperation): MiddlewareHandler<AppEnv> =>
  (c, next) =>
    c.get('gate').stepUp(operationId)(c, next);

/** The trading beta's switch of the caller's workspace (the app's Gate checks it). */
const beta: MiddlewareHandler<AppEnv> = (c, next) => c.get('gate').beta(c, next);

/**
 * Everything an operation of the contract needs before its handler, from its definition: who, may
 * they, the beta switch, how often, once. register.ts applies it.
 */
export function guard(deps: AppDeps, definition: GuardedDefinition): MiddlewareHandler<AppEnv>[] {
  const operationId = definition.id as GuardedOperationId;
  return [
    authenticate,
    authorize(operationId),
    ...(definition.beta ? [beta] : []),
    rateLimit(deps, definition.rateCategory),
    // Before the Idempotency-Key: a replayed response must not stand in for the passkey confirmation.
    ...(isStepUpOperation(operationId) ? [stepUp(operationId)] : []),
    ...(definition.idempotent ? [idempotency(deps)] : []),
  ];
}
