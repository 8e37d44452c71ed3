import * as admin from './admin';
import * as approvals from './approvals';
import * as auditViews from './audit-views';
import * as audit from './audit';
import * as auditTree from './audit-tree';
import * as auth from './auth';
import * as catalogue from './catalogue';
import * as compliance from './compliance';
import * as decisions from './decisions';
import * as earn from './earn';
import * as home from './home';
import * as live from './live';
import type { OperationDefinition } from './operation';
import * as passkeys from './passkeys';
import * as people from './people';
import * as trading from './trading';
import * as transactions from './transactions';
import * as vault from './vault';
import * as webhooks from './webhooks';

/** Every operation of /v1: what the operations table is generated from (scripts/generate-operations.ts). */
export const DEFINITIONS: readonly OperationDefinition[] = [
  admin,
  approvals,
  auditViews,
  audit,
  auditTree,
  auth,
  catalogue,
  compliance,
  decisions,
  earn,
  home,
  live,
  passkeys,
  people,
  trading,
  transactions,
  vault,
  webhooks,
].flatMap((area) => Object.values(area));

/** The table's entry of each definition: who may perform it, as the console reads it to offer what a role may do. */
export function operationTable(definitions: readonly OperationDefinition[]) {
  return Object.fromEntries(definitions.map((d) => [d.id, d.public ? 'public' : d.roles]));
}

/**
 * The path of each public operation (each a POST), for the console's sign-in, which calls them
 * before it may load any schema (and so before it may import their definitions).
 */
export function publicOperations(definitions: readonly OperationDefinition[]) {
  return Object.fromEntries(definitions.filter((d) => d.public).map((d) => [d.id, d.path]));
}
