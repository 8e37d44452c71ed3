import { OPERATIONS, type OperationId } from '../operations';
import { isStepUpOperation, PASSKEY_ASSERTION_HEADER } from '../passkeys';
import { ROLE_LABELS } from '../role-labels';
import { IdempotencyHeaders } from './common';

type Entry<K extends OperationId> = (typeof OPERATIONS)[K];

/**
 * A route's operationId, description and extensions, from its entry in the operations table: the
 * key is the operationId, and the roles, rate category and idempotency the server enforces are
 * stated after the route's own description, so the document cannot drift from the middleware.
 */
export function operation<K extends OperationId>(key: K, description?: string) {
  const { roles, category, idempotent } = OPERATIONS[key] as Entry<K>;
  const who = roles === 'any' ? 'any role' : roles.map((role) => ROLE_LABELS[role]).join(', ');
  const stepUp = isStepUpOperation(key);
  const rules = `Roles: ${who}. Rate category: ${category}.${idempotent ? ' Takes an Idempotency-Key.' : ''}${
    stepUp
      ? ` Step-up: takes ${PASSKEY_ASSERTION_HEADER} (a passkey assertion for a challenge from POST /v1/auth/step_up/options bound to this exact request); without it, refused with 403 code 1901 when the workspace requires passkeys of the caller.`
      : ''
  }`;
  return {
    operationId: key,
    description: description ? `${description} ${rules}` : rules,
    'x-roles': roles,
    'x-rate-category': category,
    ...(stepUp ? { 'x-step-up': true } : {}),
  };
}

/** The Idempotency-Key header, for exactly the operations the table says honour it. */
export function idempotencyHeaders<K extends OperationId>(
  key: K,
): Entry<K>['idempotent'] extends true ? { headers: typeof IdempotencyHeaders } : Record<never, never> {
  return (OPERATIONS[key].idempotent ? { headers: IdempotencyHeaders } : {}) as Entry<K>['idempotent'] extends true
    ? { headers: typeof IdempotencyHeaders }
    : Record<never, never>;
}
