import { createHash } from 'node:crypto';
import type { ChainedFields } from '../../../contract/audit-tree';
import { canonicalJson } from '../../../contract/canonical-json';

export const GENESIS_HASH = '0'.repeat(64);

export function chainHash(prevHash: string, fields: ChainedFields): string {
  return createHash('sha256').update(prevHash).update('\n').update(canonicalJson(fields)).digest('hex');
}
