import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '../operations';
import { STEP_UP_OPERATIONS } from '../passkeys';
import * as publicOperationsModule from '../public-operations';
import { DEFINITIONS, operationTable, publicOperations } from './all';

describe('the operations table', () => {
  it('is the one generated from the definitions (run `npm run generate:operations` after changing one)', () => {
    expect(OPERATIONS).toEqual(operationTable(DEFINITIONS));
    expect({ ...publicOperationsModule }).toEqual(publicOperations(DEFINITIONS));
    expect(DEFINITIONS.filter((d) => d.public && d.method !== 'post')).toEqual([]);
  });

  it('names each operation once, at one method and path', () => {
    expect(new Set(DEFINITIONS.map((d) => d.id)).size).toBe(DEFINITIONS.length);
    expect(new Set(DEFINITIONS.map((d) => `${d.method} ${d.path}`)).size).toBe(DEFINITIONS.length);
  });

  // Checked here rather than typed in passkeys.ts, which sits below the table it would import.
  it('has every operation that takes a passkey step-up', () => {
    expect(STEP_UP_OPERATIONS.filter((id) => !(id in OPERATIONS))).toEqual([]);
  });
});
