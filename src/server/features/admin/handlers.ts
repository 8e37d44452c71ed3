import type { OpenAPIHono } from '@hono/zod-openapi';
import * as routes from '../../../contract/routes/admin';
import { guard } from '../../http/authenticate';
import { notFound } from '../../http/errors';
import type { AppDeps, AppEnv } from '../../http/types';
import { actorOf, appendAudit } from '../audit/record';
import * as store from './store';

export function registerAdmin(app: OpenAPIHono<AppEnv>, deps: AppDeps) {
  app.openapi({ ...routes.listApiUsers, middleware: guard(deps, 'listApiUsers') }, async (c) => {
    return c.json({ users: await store.listApiUsers(deps.db, c.get('principal').workspaceId) }, 200);
  });

  app.openapi({ ...routes.getApiUser, middleware: guard(deps, 'getApiUser') }, async (c) => {
    const user = await store.getApiUser(deps.db, c.get('principal').workspaceId, c.req.valid('param').userId);
    if (!user) throw notFound('API user not found');
    return c.json(user, 200);
  });

  app.openapi({ ...routes.setApiUserEnabled, middleware: guard(deps, 'setApiUserEnabled') }, async (c) => {
    const { userId } = c.req.valid('param');
    const { enabled } = c.req.valid('json');
    const { workspaceId } = c.get('principal');
    const user = await deps.db.transaction(async (tx) => {
      const before = await store.getApiUser(tx, workspaceId, userId);
      if (!before) throw notFound('API user not found');
      const after = await store.setApiUserEnabled(tx, workspaceId, userId, enabled);
      if (!after) throw notFound('API user not found');
      if (before.enabled !== enabled) {
        await appendAudit(
          tx,
          actorOf(c, deps),
          [{ category: 'Administration', subject: 'API user', event: enabled ? 'Enabled' : 'Disabled', detail: { apiUserId: userId, name: before.name, before: { enabled: before.enabled }, after: { enabled } } }],
          deps.now(),
        );
      }
      return after;
    });
    return c.json(user, 200);
  });
}
