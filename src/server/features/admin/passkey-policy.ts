import type { OpenAPIHono } from '@hono/zod-openapi';
import * as routes from '../../../contract/routes/passkeys';
import { register } from '../../http/register';
import { badRequest, notFound } from '../../http/errors';
import { commitWithResponse } from '../../http/idempotency';
import type { AppDeps, AppEnv } from '../../http/types';
import { actorOf } from '../audit/record';
import { approvalContent, contentDigest } from '../passkeys/binding';
import { consoleUser } from '../passkeys/handlers';
import { adminsRequirePasskeys, adminsWithoutPasskey, assertAdminsCanComply } from '../passkeys/policy';
import { signaturesOfRequest, verifyKeptSignature } from '../passkeys/signatures';
import * as approvals from './approvals';

/**
 * The passkey operations that go through approvals: the workspace's requirement (an approval
 * request, like the quorum) and the auditor's check of which passkey signed each decision.
 */
export function registerPasskeyApprovals(app: OpenAPIHono<AppEnv>, deps: AppDeps) {
  register(app, deps, routes.getPasskeyPolicy, async (c) => {
    const { workspaceId } = consoleUser(c);
    const [on, pendingRequestId, missing] = await Promise.all([
      adminsRequirePasskeys(deps.db, workspaceId),
      approvals.pendingRequestOfKind(deps.db, workspaceId, 'PASSKEY_POLICY'),
      adminsWithoutPasskey(deps.db, workspaceId),
    ]);
    return c.json({ adminsRequirePasskeys: on, pendingRequestId, adminsWithoutPasskey: missing }, 200);
  });

  register(app, deps, routes.updatePasskeyPolicy, async (c) => {
    const { workspaceId } = consoleUser(c);
    const { adminsRequirePasskeys: wanted } = c.req.valid('json');
    const current = await adminsRequirePasskeys(deps.db, workspaceId);
    if (wanted === current) throw badRequest(`Passkeys are already ${current ? '' : 'not '}required of admins`);
    // Checked here so the requester hears it at once, and again when the request executes.
    if (wanted) await assertAdminsCanComply(deps.db, workspaceId);
    return commitWithResponse(
      c,
      deps.db,
      async (tx) => {
        const request = await approvals.raise(
          tx,
          {
            principal: c.get('principal'),
            actor: actorOf(c, deps),
            kind: 'PASSKEY_POLICY',
            summary: wanted ? 'Require admins to sign in and confirm with passkeys' : 'Stop requiring passkeys of admins',
            change: { adminsRequirePasskeys: wanted, before: current },
          },
          deps.now(),
        );
        const [described] = await approvals.describeRequests(tx, [request]);
        return described!;
      },
      (described) => c.json(described, 202),
    );
  });

  register(app, deps, routes.getApprovalSignatures, async (c) => {
    const { workspaceId } = consoleUser(c);
    const { requestId } = c.req.valid('param');
    const request = await approvals.getRequest(deps.db, workspaceId, requestId);
    if (!request) throw notFound('Approval request not found');
    const [[described], kept] = await Promise.all([approvals.describeRequests(deps.db, [request]), signaturesOfRequest(deps.db, workspaceId, requestId)]);
    const content = approvalContent(request);
    const digestOf = (decision: 'APPROVE' | 'REJECT') =>
      contentDigest(decision === 'APPROVE' ? 'approveApprovalRequest' : 'rejectApprovalRequest', requestId, content);
    const decisions = await Promise.all(
      described!.decisions.map(async (d) => {
        const row = kept.find((s) => s.userId === d.userId && s.decision === d.decision);
        const reason = row ? await verifyKeptSignature(deps.config, row, digestOf(d.decision)) : 'no passkey confirmed this decision';
        return { ...d, passkey: row ? { credentialId: row.credentialId, name: row.passkeyName } : null, verified: reason === null, reason };
      }),
    );
    return c.json({ contentDigest: digestOf('APPROVE'), decisions }, 200);
  });
}
