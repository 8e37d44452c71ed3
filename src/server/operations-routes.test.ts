import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATIONS, UNGUARDED_OPERATIONS } from '../contract/operations';
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
}, 60_000);
afterAll(() => ctx.database.close());

describe('the OpenAPI document and the operations table', () => {
  it('every route is one entry of the table, under its key, and every entry has one route', () => {
    const ids = operations.map((op) => op.operationId);
    const guarded = ids.filter((id) => !(UNGUARDED_OPERATIONS as readonly (string | undefined)[]).includes(id));
    expect(new Set(ids).size).toBe(ids.length);
    expect([...guarded].sort()).toEqual(Object.keys(OPERATIONS).sort());
    expect(ids.filter((id) => (UNGUARDED_OPERATIONS as readonly (string | undefined)[]).includes(id)).sort()).toEqual([...UNGUARDED_OPERATIONS].sort());
  });

  it('documents the Idempotency-Key header, roles and rate category exactly as the table has them', () => {
    for (const op of operations) {
      const entry = OPERATIONS[op.operationId as keyof typeof OPERATIONS];
      if (!entry) continue;
      const takesKey = (op.parameters ?? []).some((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key');
      expect({ id: op.operationId, takesKey }).toEqual({ id: op.operationId, takesKey: entry.idempotent });
      expect(op['x-roles']).toEqual(entry.roles);
      expect(op['x-rate-category']).toBe(entry.category);
      expect(op.description).toContain(`Rate category: ${entry.category}.`);
      expect(op.description?.match(/Roles: /g)).toHaveLength(1);
    }
  });
});
