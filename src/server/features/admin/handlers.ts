import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import * as adminRoutes from '../../../contract/routes/admin';
import * as approvalRoutes from '../../../contract/routes/approvals';
import * as decisionRoutes from '../../../contract/routes/decisions';
import * as peopleRoutes from '../../../contract/routes/people';

const routes = { ...adminRoutes, ...approvalRoutes, ...decisionRoutes, ...peopleRoutes };
import { mayPerform } from '../../../contract/operations';
import type { Role } from '../../../contract/roles';
import { register } from '../../http/register';
import { decodeCursor, encodeCursor } from '../../http/cursor';
import { badRequest, notFound } from '../../http/errors';
import { commitWithResponse } from '../../http/idempotency';
import type { AppDeps, AppEnv } from '../../http/types';
import { actorOf, auditRequest, requestOrigin } from '../audit/record';
import * as approvals from './approvals';
import { publicKeyFromCsr } from './csr';
import { registerPasskeyApprovals } from './passkey-policy';
import * as pairing from './pairing';
import * as store from './store';
import { forgetPrincipals } from '../auth/principal-cache';

type ListPosition = { t: number; i: string };

export function registerAdmin(app: OpenAPIHono<AppEnv>, deps: AppDeps) {
  registerPasskeyApprovals(app, deps);

  /** Raises the caller's approval request and answers, in one transaction (a repeated Idempotency-Key replays the answer). */
  const raise = <R extends Response>(
    c: Context<AppEnv>,
    request: Omit<Parameters<typeof approvals.raise>[1], 'principal' | 'actor'>,
    respond: (raised: Awaited<ReturnType<typeof approvals.raise>>) => R,
  ) => commitWithResponse(c, deps.db, (tx) => approvals.raise(tx, { principal: c.get('principal'), actor: actorOf(c, deps), ...request }, deps.now()), respond);

  register(app, deps, routes.listApiUsers, async (c) => {
    return c.json({ users: await store.listApiUsers(deps.db, c.get('principal').workspaceId) }, 200);
  });

  register(app, deps, routes.listPeople, async (c) => {
    return c.json({ people: await store.listPeople(deps.db, c.get('principal').workspaceId) }, 200);
  });

  register(app, deps, routes.getConsoleUser, async (c) => {
    const { workspaceId, role } = c.get('principal');
    const user = await store.getConsoleUser(deps.db, workspaceId, c.req.valid('param').userId, {
      lastSignIn: mayPerform(role, 'getAuditLogs'),
      passkeys: mayPerform(role, 'getPasskeyPolicy'),
    });
    if (!user) throw notFound('Console user not found');
    return c.json(user, 200);
  });

  register(app, deps, routes.getApiUser, async (c) => {
    const user = await store.getApiUser(deps.db, c.get('principal').workspaceId, c.req.valid('param').userId);
    if (!user) throw notFound('API user not found');
    return c.json(user, 200);
  });

  register(app, deps, routes.setApiUserEnabled, async (c) => {
    const { userId } = c.req.valid('param');
    const { enabled } = c.req.valid('json');
    const { workspaceId } = c.get('principal');
    const res = await commitWithResponse(
      c,
      deps.db,
      async (tx) => {
        const before = await store.getApiUser(tx, workspaceId, userId);
        if (!before) throw notFound('API user not found');
        const after = await store.setApiUserEnabled(tx, workspaceId, userId, enabled);
        if (!after) throw notFound('API user not found');
        if (before.enabled !== enabled) {
          await auditRequest(tx, c, deps, deps.now(), {
            category: 'Administration',
            subject: 'API user',
            event: enabled ? 'Enabled' : 'Disabled',
            detail: { apiUserId: userId, name: before.name, before: { enabled: before.enabled }, after: { enabled } },
          });
        }
        return after;
      },
      (user) => c.json(user, 200),
    );
    // After the commit: a request that read the user before it must not keep it for another second.
    forgetPrincipals();
    return res;
  });

  register(app, deps, routes.createApiUser, async (c) => {
    const body = c.req.valid('json');
    if (body.role === 'OWNER') throw badRequest('role OWNER cannot be given to an API user; the owner is a person');
    const publicKeyPem = await publicKeyFromCsr(body.csrPem);
    return raise(
      c,
      {
        kind: 'API_USER_CREATION',
        summary: `Create API user "${body.name}" (${body.role})`,
        change: {
          name: body.name,
          role: body.role,
          ...(body.coSignerSetupType ? { coSignerSetupType: body.coSignerSetupType } : {}),
          ...(body.coSignerSetupIsFirstUser !== undefined ? { coSignerSetupIsFirstUser: body.coSignerSetupIsFirstUser } : {}),
        },
        payload: { publicKeyPem },
      },
      () => c.body(null, 200),
    );
  });

  register(app, deps, routes.issuePairingToken, async (c) => {
    return commitWithResponse(
      c,
      deps.db,
      (tx) => pairing.issuePairingToken(tx, deps.secrets.accessTokenKey, actorOf(c, deps), c.req.valid('param').userId, deps.now()),
      (result) => c.json(result, 201),
    );
  });

  register(app, deps, routes.redeemPairingToken, async (c) => {
    const result = await pairing.redeemPairingToken(deps.db, deps.secrets.accessTokenKey, c.req.valid('json').pairingToken, requestOrigin(c, deps), deps.now());
    return c.json(result, 200);
  });

  register(app, deps, routes.completeDeviceSetup, async (c) => {
    const result = await pairing.completeDeviceSetup(deps.db, c.req.valid('json').setupToken, requestOrigin(c, deps), deps.now());
    return c.json(result, 200);
  });

  register(app, deps, routes.updateAdminQuorum, async (c) => {
    const { adminQuorumThreshold } = c.req.valid('json');
    const { workspaceId } = c.get('principal');
    const admins = await approvals.quorumAdmins(deps.db, workspaceId);
    if (adminQuorumThreshold > admins.length) {
      throw badRequest(`adminQuorumThreshold must be between 1 and ${admins.length}, the number of enabled admins who can approve`);
    }
    const current = await approvals.quorumThreshold(deps.db, workspaceId);
    if (adminQuorumThreshold === current) throw badRequest(`adminQuorumThreshold is already ${current}; ask for a different number`);
    return raise(
      c,
      {
        kind: 'ADMIN_QUORUM_THRESHOLD',
        summary: `Change the admin quorum threshold from ${current} to ${adminQuorumThreshold}`,
        change: { adminQuorumThreshold, before: current },
      },
      (request) => {
        const message =
          request.status === 'EXECUTED'
            ? `Admin quorum threshold request sent successfully and approved: the threshold is now ${adminQuorumThreshold}`
            : `Admin quorum threshold request sent successfully; it needs ${request.requiredApprovals} approvals`;
        return c.json({ message }, 202);
      },
    );
  });

  register(app, deps, routes.getAdminQuorum, async (c) => {
    const { workspaceId } = c.get('principal');
    const [adminQuorumThreshold, admins, pendingRequestId] = await Promise.all([
      approvals.quorumThreshold(deps.db, workspaceId),
      approvals.quorumAdmins(deps.db, workspaceId),
      approvals.pendingRequestOfKind(deps.db, workspaceId, 'ADMIN_QUORUM_THRESHOLD'),
    ]);
    return c.json({ adminQuorumThreshold, admins: admins.map((a) => ({ ...a, role: a.role as Role })), pendingRequestId }, 200);
  });

  register(app, deps, routes.listApprovalRequests, async (c) => {
    const q = c.req.valid('query');
    const { workspaceId } = c.get('principal');
    const fingerprint = `approvals:${q.status ?? 'ALL'}`;
    const after = q.pageCursor ? decodeCursor<ListPosition>(deps.secrets.cursorKey, q.pageCursor, { workspaceId, fingerprint }) : undefined;
    const page = await approvals.listRequests(deps.db, workspaceId, q.status, q.pageSize, after);
    const last = page.rows.at(-1);
    return c.json(
      {
        data: await approvals.describeRequests(deps.db, page.rows),
        next:
          page.more && last ? encodeCursor<ListPosition>(deps.secrets.cursorKey, workspaceId, fingerprint, { t: last.createdAt.getTime(), i: last.id }) : null,
        pendingCount: await approvals.pendingCount(deps.db, workspaceId),
      },
      200,
    );
  });

  register(app, deps, routes.getApprovalRequest, async (c) => {
    const row = await approvals.getRequest(deps.db, c.get('principal').workspaceId, c.req.valid('param').requestId);
    if (!row) throw notFound('Approval request not found');
    const [described] = await approvals.describeRequests(deps.db, [row]);
    return c.json(described!, 200);
  });

  for (const [route, decision] of [
    [routes.approveApprovalRequest, 'approve'],
    [routes.rejectApprovalRequest, 'reject'],
    [routes.cancelApprovalRequest, 'cancel'],
  ] as const) {
    register(app, deps, route, async (c) => {
      const { requestId } = c.req.valid('param');
      const principal = c.get('principal');
      return commitWithResponse(
        c,
        deps.db,
        async (tx) => {
          await approvals.decide(tx, principal, actorOf(c, deps), requestId, decision, deps.now(), c.get('stepUp'));
          const [described] = await approvals.describeRequests(tx, [(await approvals.getRequest(tx, principal.workspaceId, requestId))!]);
          return described!;
        },
        (described) => c.json(described, 200),
      );
    });
  }
}
