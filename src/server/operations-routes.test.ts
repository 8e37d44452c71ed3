import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS, type OperationId } from '../contract/operations';
import { DEFINITIONS } from '../contract/routes/all';
import { buildApp, createTestContext, type TestContext } from './test/harness';

interface DocOperation {
  operationId?: string;
  description?: string;
  parameters?: { in: string; name: string }[];
  'x-roles'?: unknown;
  'x-rate-category'?: unknown;
}

let ctx: TestContext;
let operations: DocOperation[];

beforeAll(async () => {
  ctx = await createTestContext();
  const doc = (await (await buildApp(ctx).request('/v1/openapi.json')).json()) as { paths: Record<string, Record<string, DocOperation>> };
  operations = Object.values(doc.paths).flatMap((byMethod) => Object.values(byMethod));
});
afterAll(() => ctx.database.close());

describe('the OpenAPI document and the operations table', () => {
  it('every route is one entry of the table, under its key, and every entry has one route', () => {
    const ids = operations.map((op) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(Object.keys(OPERATIONS).sort());
  });

  it('documents the Idempotency-Key header, roles and rate category exactly as each definition has them, and the table its roles', () => {
    const definitions = new Map(DEFINITIONS.map((definition) => [definition.id, definition]));
    for (const op of operations) {
      const definition = definitions.get(op.operationId!)!;
      const takesKey = (op.parameters ?? []).some((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key');
      expect(OPERATIONS[op.operationId as OperationId]).toEqual(definition.public ? 'public' : definition.roles);
      if (definition.public) {
        // Establishes who the caller is: no roles, no rate category, no key to repeat it by.
        expect({ id: op.operationId, takesKey, roles: op['x-roles'] }).toEqual({ id: op.operationId, takesKey: false, roles: undefined });
        continue;
      }
      expect({ id: op.operationId, takesKey }).toEqual({ id: op.operationId, takesKey: definition.idempotent ?? false });
      expect(op['x-roles']).toEqual(definition.roles);
      expect(op['x-rate-category']).toBe(definition.rateCategory);
      expect(op.description).toContain(`Rate category: ${definition.rateCategory}.`);
      expect(op.description?.match(/Roles: /g)).toHaveLength(1);
    }
  });
});
