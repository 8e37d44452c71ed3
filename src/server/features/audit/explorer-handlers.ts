import { randomUUID } from 'node:crypto';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { DEFAULT_AUDIT_COLUMNS, SAVED_VIEW_LIMITS, type SavedView } from '../../../contract/audit-views';
import * as routes from '../../../contract/routes/audit-views';
import { register } from '../../http/register';
import { conflict, notFound } from '../../http/errors';
import { commitWithResponse } from '../../http/idempotency';
import type { AppDeps, AppEnv } from '../../http/types';
import * as store from './explorer-store';
import { auditRequest } from './record';

const toSavedView = (row: Awaited<ReturnType<typeof store.listViews>>[number]): SavedView => ({
  id: row.id,
  name: row.name,
  filters: row.filters,
  columns: row.columns,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The signed-in reader: saved views and columns belong to one principal of one workspace. */
const readerOf = (c: Context<AppEnv>): store.Reader => {
  const { workspaceId, id } = c.get('principal');
  return { workspaceId, userId: id };
};

/**
 * The audit explorer's extensions: an event with its neighbours (for a link to one event), and
 * each reader's saved views and columns. Saving, renaming and deleting a view are audited like
 * every other change; the columns are not: a width dragged is layout, not an act worth a record,
 * and auditing it would fill the log with the explorer's own resizing.
 */
export function registerAuditExplorer(app: OpenAPIHono<AppEnv>, deps: AppDeps) {
  register(app, deps, routes.getAuditEventContext, async (c) => {
    const { id } = c.req.valid('param');
    const { before, after } = c.req.valid('query');
    const context = await store.eventContext(deps.db, c.get('principal').workspaceId, id, before, after);
    if (!context) throw notFound(`No audit event ${id}`);
    return c.json(context, 200);
  });

  register(app, deps, routes.listAuditViews, async (c) => {
    const rows = await store.listViews(deps.db, readerOf(c));
    return c.json({ data: rows.map(toSavedView) }, 200);
  });

  register(app, deps, routes.createAuditView, async (c) => {
    const body = c.req.valid('json');
    const reader = readerOf(c);
    const now = deps.now();
    return commitWithResponse(
      c,
      deps.db,
      async (tx) => {
        await store.lockReader(tx, reader);
        if (await store.nameTaken(tx, reader, body.name)) throw conflict(`You already have a view named "${body.name}"`);
        if ((await store.countViews(tx, reader)) >= SAVED_VIEW_LIMITS.perUser)
          throw conflict(`You have ${SAVED_VIEW_LIMITS.perUser} saved views, the most one person may keep: delete one first`);
        const created = await store.insertView(tx, {
          id: randomUUID(),
          ...reader,
          name: body.name,
          filters: body.filters,
          columns: body.columns ?? null,
          createdAt: now,
          updatedAt: now,
        });
        const view = toSavedView(created);
        await auditRequest(tx, c, deps, now, { category: 'Audit', subject: 'Saved view', event: 'Created', detail: { viewId: view.id, after: view } });
        return view;
      },
      (view) => c.json(view, 201),
    );
  });

  register(app, deps, routes.renameAuditView, async (c) => {
    const { viewId } = c.req.valid('param');
    const { name } = c.req.valid('json');
    const reader = readerOf(c);
    const now = deps.now();
    return commitWithResponse(
      c,
      deps.db,
      async (tx) => {
        await store.lockReader(tx, reader);
        const before = await store.findView(tx, reader, viewId);
        if (!before) throw notFound(`No saved view ${viewId}`);
        if (await store.nameTaken(tx, reader, name, viewId)) throw conflict(`You already have a view named "${name}"`);
        const view = toSavedView(await store.renameView(tx, reader, viewId, name, now));
        await auditRequest(tx, c, deps, now, {
          category: 'Audit',
          subject: 'Saved view',
          event: 'Renamed',
          detail: { viewId, before: { name: before.name }, after: { name } },
        });
        return view;
      },
      (view) => c.json(view, 200),
    );
  });

  register(app, deps, routes.deleteAuditView, async (c) => {
    const { viewId } = c.req.valid('param');
    const reader = readerOf(c);
    const now = deps.now();
    return commitWithResponse(
      c,
      deps.db,
      async (tx) => {
        const before = await store.findView(tx, reader, viewId);
        if (!before) throw notFound(`No saved view ${viewId}`);
        await store.deleteView(tx, reader, viewId);
        const view = toSavedView(before);
        await auditRequest(tx, c, deps, now, { category: 'Audit', subject: 'Saved view', event: 'Deleted', detail: { viewId, before: view } });
        return view;
      },
      (view) => c.json(view, 200),
    );
  });

  register(app, deps, routes.getAuditPreferences, async (c) => {
    const columns = await store.readPreferences(deps.db, readerOf(c));
    return c.json({ columns: columns ?? DEFAULT_AUDIT_COLUMNS }, 200);
  });

  register(app, deps, routes.putAuditPreferences, async (c) => {
    const { columns } = c.req.valid('json');
    await store.writePreferences(deps.db, readerOf(c), columns, deps.now());
    return c.json({ columns }, 200);
  });

  register(app, deps, routes.getDemoHistoryProgress, async (c) => {
    return c.json((await store.demoHistoryProgress(deps.db, c.get('principal').workspaceId)) ?? { written: 0, total: 0 }, 200);
  });
}
