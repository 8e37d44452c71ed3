import type { OpenAPIHono } from '@hono/zod-openapi';
import { consistencyRanges, inclusionRanges, toHex } from '../../../contract/merkle';
import * as routes from '../../../contract/routes/audit-tree';
import { decodeCursor, encodeCursor } from '../../http/cursor';
import { badRequest, conflict, notFound } from '../../http/errors';
import { register } from '../../http/register';
import type { AppDeps, AppEnv } from '../../http/types';
import * as store from './tree-store';

/** The verifiable log's operations: signed tree heads and the proofs against them, in the caller's workspace only. */
export function registerAuditTree(app: OpenAPIHono<AppEnv>, deps: AppDeps) {
  /** The signed head of that size in the workspace, or 404. */
  const headOf = async (workspaceId: string, treeSize: number, name = 'treeSize') => {
    const head = await store.treeHead(deps.db, workspaceId, treeSize);
    if (!head) throw notFound(`No signed tree head of ${name} ${treeSize}`);
    return head;
  };

  register(app, deps, routes.listAuditTreeHeads, async (c) => {
    const { pageSize, pageCursor } = c.req.valid('query');
    const { workspaceId } = c.get('principal');
    const before = pageCursor
      ? decodeCursor<{ before: number }>(deps.secrets.cursorKey, pageCursor, { workspaceId, fingerprint: 'tree_heads' }).before
      : undefined;
    const rows = await store.treeHeadsPage(deps.db, workspaceId, pageSize + 1, before);
    const data = rows.slice(0, pageSize);
    const next = rows.length > pageSize ? encodeCursor(deps.secrets.cursorKey, workspaceId, 'tree_heads', { before: data[data.length - 1]!.treeSize }) : null;
    return c.json({ data, next }, 200);
  });

  register(app, deps, routes.getAuditTreeHead, async (c) => {
    return c.json(await headOf(c.get('principal').workspaceId, c.req.valid('param').treeSize), 200);
  });

  register(app, deps, routes.getAuditInclusionProof, async (c) => {
    const { id } = c.req.valid('param');
    const { treeSize } = c.req.valid('query');
    const { workspaceId } = c.get('principal');
    const leaf = await store.eventLeaf(deps.db, workspaceId, id);
    if (!leaf) {
      if (await store.isPending(deps.db, workspaceId, id))
        throw conflict(`Event ${id} is waiting to be sequenced: it gets its place in the tree within seconds`);
      throw notFound(`No audit event ${id}`);
    }
    const head = treeSize === undefined ? await store.treeHead(deps.db, workspaceId) : await headOf(workspaceId, treeSize);
    if (!head || leaf.index >= head.treeSize) {
      throw conflict(
        head && treeSize !== undefined
          ? `Event ${id} is leaf ${leaf.index}, after the tree head of size ${treeSize}: ask for a later head`
          : `Event ${id} is not in a signed tree head yet: the next head includes it within seconds`,
      );
    }
    const auditPath = await store.rangeHashes(deps.db, workspaceId, inclusionRanges(leaf.index, head.treeSize));
    return c.json({ leafIndex: leaf.index, leafData: leaf.data, leafHash: toHex(leaf.hash), auditPath: auditPath.map(toHex), treeHead: head }, 200);
  });

  register(app, deps, routes.getAuditInclusionProofs, async (c) => {
    const { treeSize, ids } = c.req.valid('json');
    if (new Set(ids).size !== ids.length) throw badRequest('ids must not repeat an event');
    const { workspaceId } = c.get('principal');
    const head = await headOf(workspaceId, treeSize);
    const indices = await store.leafIndices(deps.db, workspaceId, ids);
    const unknown = ids.find((id) => !indices.has(id));
    if (unknown) throw notFound(`No audit event ${unknown}`);
    // Pending events (index null) are not provable yet, as those after the head.
    const provable = ids.filter((id) => indices.get(id) !== null && indices.get(id)! < treeSize);
    const paths = await store.inclusionPaths(
      deps.db,
      workspaceId,
      provable.map((id) => indices.get(id)!),
      treeSize,
    );
    const pathOf = new Map(provable.map((id, i) => [id, paths[i]!]));
    return c.json({ treeHead: head, proofs: ids.map((id) => ({ id, leafIndex: indices.get(id)!, auditPath: pathOf.get(id) ?? null })) }, 200);
  });

  register(app, deps, routes.getAuditConsistencyProof, async (c) => {
    const { first, second } = c.req.valid('query');
    if (first > second) throw badRequest('first must not be greater than second');
    const { workspaceId } = c.get('principal');
    const [firstHead, secondHead] = [await headOf(workspaceId, first, 'first'), await headOf(workspaceId, second, 'second')];
    const path = await store.rangeHashes(deps.db, workspaceId, consistencyRanges(first, second));
    return c.json({ first: firstHead, second: secondHead, path: path.map(toHex) }, 200);
  });
}
