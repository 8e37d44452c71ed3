import { OPERATION_TABLE } from './operation-table';
import type { Role } from './roles';
import type { Operation, RateCategory } from './routes/operation';

export type { RateCategory };

/**
 * The one table of who may perform each operation, generated from the operations' definitions
 * (src/contract/routes/<area>.ts, `npm run generate:operations`), which the console reads to offer
 * only what a role may do. The server's guard reads the definitions themselves (their roles, rate
 * category and idempotency), so the two can never disagree. It holds the roles alone, since every
 * page of the console carries it.
 *
 * `roles: 'any'` means the spec states no role restriction: any signed-in role may call it.
 * `roles: 'public'` marks the operations that establish who the caller is (a password, the refresh
 * cookie, a pairing token) rather than being authorised by role (their paths, for the console's
 * sign-in, are in public-operations.ts).
 */

export const OPERATIONS = OPERATION_TABLE;

export type OperationId = keyof typeof OPERATIONS;

/** The operations behind the guard: every one but the public ones. */
export type GuardedOperationId = { [K in OperationId]: (typeof OPERATIONS)[K] extends 'public' ? never : K }[OperationId];

export function mayPerform(role: Role, operationId: OperationId): boolean {
  const roles: Operation['roles'] = OPERATIONS[operationId];
  return roles === 'any' || roles === 'public' || roles.includes(role);
}
