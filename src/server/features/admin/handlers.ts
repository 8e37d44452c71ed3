import type { OpenAPIHono } from '@hono/zod-openapi';
import * as routes from '../../../contract/routes/admin';
import { guard } from '../../http/authenticate';
import { notFound } from '../../http/errors';
import type { AppDeps, AppEnv } from '../../http/types';
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
    const user = await store.setApiUserEnabled(deps.db, c.get('principal').workspaceId, userId, c.req.valid('json').enabled);
    if (!user) throw notFound('API user not found');
    c.get('log').info({ apiUserId: userId, enabled: user.enabled }, 'API user enabled state changed');
    return c.json(user, 200);
  });
}
