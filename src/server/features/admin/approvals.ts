import { and, eq, inArray, ne } from 'drizzle-orm';
import { QUORUM_ROLES, type ApprovalRequest } from '../../../contract/admin';
import type { Role } from '../../../contract/roles';
import type { Db } from '../../db/client';
import { keysetPage } from '../../db/keyset';
import { approvalDecisions, approvalRequests, users, workspaces } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../http/errors';
import type { Principal } from '../../http/types';
import { appendAudit, type AuditActor } from '../audit/record';
import { recordChange } from '../live/record';
import { passkeysRequiredOf, setAdminsRequirePasskeys } from '../passkeys/policy';
import { decisionPasskeys, keepSignature } from '../passkeys/signatures';
import type { StepUpProof } from '../../../contract/passkeys';
import { initialStatus } from './api-user-states';
import { insertApiUser } from './store';

export type ApprovalKind = ApprovalRequest['kind'];
type RequestRow = typeof approvalRequests.$inferSelect;

const SUBJECT = { ADMIN_QUORUM_THRESHOLD: 'Quorum', API_USER_CREATION: 'API user', PASSKEY_POLICY: 'Passkey policy' } as const satisfies Record<
  ApprovalKind,
  string
>;

/** Kinds of which only one request may wait at a time: a second would be decided against a stale state. */
const ONE_PENDING: Partial<Record<ApprovalKind, string>> = {
  ADMIN_QUORUM_THRESHOLD: 'A threshold change is already waiting for approval; approve, reject or cancel it first',
  PASSKEY_POLICY: 'A change of the passkey requirement is already waiting for approval; approve, reject or cancel it first',
};

/** Enabled people whose approvals count towards the admin quorum. */
export async function quorumAdmins(db: Db, workspaceId: string) {
  return db
    .select({ id: users.id, name: users.displayName, email: users.email, role: users.role })
    .from(users)
    .where(and(eq(users.workspaceId, workspaceId), eq(users.enabled, true), inArray(users.role, [...QUORUM_ROLES])))
    .orderBy(users.displayName);
}

const countsForQuorum = (p: Principal) => p.kind === 'CONSOLE' && (QUORUM_ROLES as readonly Role[]).includes(p.role);

export async function quorumThreshold(db: Db, workspaceId: string): Promise<number> {
  const [row] = await db.select({ t: workspaces.adminQuorumThreshold }).from(workspaces).where(eq(workspaces.id, workspaceId));
  return row?.t ?? 1;
}

export async function pendingRequestOfKind(db: Db, workspaceId: string, kind: ApprovalKind) {
  const [row] = await db
    .select({ id: approvalRequests.id })
    .from(approvalRequests)
    .where(and(eq(approvalRequests.workspaceId, workspaceId), eq(approvalRequests.kind, kind), eq(approvalRequests.status, 'PENDING')));
  return row?.id ?? null;
}

/** The request's status once an audited step is written: approving keeps it pending until it executes. */
const STATUS_AFTER: Record<string, string> = { Requested: 'PENDING', Approved: 'PENDING', Rejected: 'REJECTED', Canceled: 'CANCELED', Executed: 'EXECUTED' };

/** Every step of a request is audited and, for the live streams, announced (raised, each decision, executed). */
async function audit(db: Db, actor: AuditActor, request: RequestRow, event: string, detail: Record<string, unknown>, now: Date) {
  await recordChange(db, { workspaceId: request.workspaceId, kind: 'approval', id: request.id, status: STATUS_AFTER[event] ?? null });
  return appendAudit(
    db,
    actor,
    [
      {
        category: 'Administration',
        subject: SUBJECT[request.kind as ApprovalKind],
        event,
        detail: { requestId: request.id, summary: request.summary, ...detail },
      },
    ],
    now,
  );
}

/** Carries out an approved request, in the transaction that recorded its last approval. */
async function execute(tx: Db, request: RequestRow, actor: AuditActor, now: Date) {
  let result: Record<string, unknown>;
  if (request.kind === 'ADMIN_QUORUM_THRESHOLD') {
    const after = (request.change as { adminQuorumThreshold: number }).adminQuorumThreshold;
    const before = await quorumThreshold(tx, request.workspaceId);
    await tx.update(workspaces).set({ adminQuorumThreshold: after }).where(eq(workspaces.id, request.workspaceId));
    result = { before: { adminQuorumThreshold: before }, after: { adminQuorumThreshold: after } };
  } else if (request.kind === 'PASSKEY_POLICY') {
    const { adminsRequirePasskeys } = request.change as { adminsRequirePasskeys: boolean };
    result = await setAdminsRequirePasskeys(tx, request.workspaceId, adminsRequirePasskeys, now);
  } else {
    const change = request.change as { name: string; role: Role; coSignerSetupType?: string };
    const { publicKeyPem } = request.payload as { publicKeyPem: string };
    const user = await insertApiUser(tx, {
      workspaceId: request.workspaceId,
      name: change.name,
      role: change.role,
      status: initialStatus(change.coSignerSetupType),
      publicKeyPem,
      coSignerSetupType: change.coSignerSetupType ?? null,
    });
    result = { apiUserId: user.id, status: user.status };
  }
  await tx.update(approvalRequests).set({ status: 'EXECUTED', decidedAt: now, result }).where(eq(approvalRequests.id, request.id));
  await audit(tx, actor, request, 'Executed', result, now);
}

async function approvalsOf(tx: Db, requestId: string): Promise<number> {
  return tx.$count(approvalDecisions, and(eq(approvalDecisions.requestId, requestId), eq(approvalDecisions.decision, 'APPROVE')));
}

/**
 * Raises a request needing the threshold in force now. The requester's own approval counts when
 * they are an admin who counts (and passkeys are not required of them), so with a threshold of 1
 * the change executes at once.
 */
export async function raise(
  db: Db,
  input: { principal: Principal; actor: AuditActor; kind: ApprovalKind; summary: string; change: Record<string, unknown>; payload?: Record<string, unknown> },
  now: Date,
): Promise<RequestRow> {
  const { principal, actor } = input;
  return db.transaction(async (tx) => {
    // Lock the workspace row: raising and executing quorum changes must not interleave.
    const [workspace] = await tx.select().from(workspaces).where(eq(workspaces.id, principal.workspaceId)).for('update');
    if (!workspace) throw notFound('Workspace not found');
    const onePending = ONE_PENDING[input.kind];
    if (onePending && (await pendingRequestOfKind(tx, principal.workspaceId, input.kind))) throw conflict(onePending);
    const [request] = await tx
      .insert(approvalRequests)
      .values({
        workspaceId: principal.workspaceId,
        kind: input.kind,
        status: 'PENDING',
        summary: input.summary,
        change: input.change,
        payload: input.payload ?? {},
        requestedById: principal.id,
        requestedByName: principal.name,
        requiredApprovals: workspace.adminQuorumThreshold,
        createdAt: now,
      })
      .returning();
    if (!request) throw new Error('insert returned no row');
    await audit(tx, actor, request, 'Requested', { change: input.change, requiredApprovals: request.requiredApprovals }, now);
    // While passkeys are required of admins, every approval is confirmed with one: the requester approves explicitly then.
    if (countsForQuorum(principal) && !(await passkeysRequiredOf(tx, principal))) {
      await tx.insert(approvalDecisions).values({ requestId: request.id, userId: principal.id, userName: principal.name, decision: 'APPROVE', decidedAt: now });
      await audit(tx, actor, request, 'Approved', { approvals: 1, requiredApprovals: request.requiredApprovals }, now);
      if (request.requiredApprovals <= 1) await execute(tx, request, actor, now);
    }
    const [after] = await tx.select().from(approvalRequests).where(eq(approvalRequests.id, request.id));
    return after!;
  });
}

export type Decision = 'approve' | 'reject' | 'cancel';

/**
 * Approve, reject or cancel. The request row is locked for the decision, so two admins approving
 * at the same moment are taken one after the other and the change executes once.
 */
export async function decide(
  db: Db,
  principal: Principal,
  actor: AuditActor,
  requestId: string,
  decision: Decision,
  now: Date,
  proof?: StepUpProof,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [request] = await tx
      .select()
      .from(approvalRequests)
      .where(and(eq(approvalRequests.id, requestId), eq(approvalRequests.workspaceId, principal.workspaceId)))
      .for('update');
    if (!request) throw notFound('Approval request not found');
    if (request.status !== 'PENDING') throw conflict(`This request was already decided (${request.status}); decisions are final`);

    if (decision === 'cancel') {
      if (request.requestedById !== principal.id) throw forbidden('Only the one who raised a request can cancel it');
      await tx.update(approvalRequests).set({ status: 'CANCELED', decidedAt: now }).where(eq(approvalRequests.id, request.id));
      await audit(tx, actor, request, 'Canceled', {}, now);
      return;
    }
    if (!countsForQuorum(principal)) throw forbidden('Only enabled admins (Owner, Admin, Non-Signing Admin) can approve or reject');
    const inserted = await tx
      .insert(approvalDecisions)
      .values({
        requestId: request.id,
        userId: principal.id,
        userName: principal.name,
        decision: decision === 'approve' ? 'APPROVE' : 'REJECT',
        decidedAt: now,
      })
      .onConflictDoNothing()
      .returning({ userId: approvalDecisions.userId });
    if (inserted.length === 0) throw conflict('You have already decided on this request');
    // The passkey assertion that confirmed this decision, kept with it (the step-up bound it to this request).
    if (proof) await keepSignature(tx, principal, proof, { requestId: request.id, decision: decision === 'approve' ? 'APPROVE' : 'REJECT' }, now);
    if (decision === 'reject') {
      await tx.update(approvalRequests).set({ status: 'REJECTED', decidedAt: now }).where(eq(approvalRequests.id, request.id));
      await audit(tx, actor, request, 'Rejected', {}, now);
      return;
    }
    const approvals = await approvalsOf(tx, request.id);
    await audit(tx, actor, request, 'Approved', { approvals, requiredApprovals: request.requiredApprovals }, now);
    if (approvals >= request.requiredApprovals) await execute(tx, request, actor, now);
  });
}

/** Requests with their decisions, in the shape of the contract. */
export async function describeRequests(db: Db, rows: RequestRow[]): Promise<ApprovalRequest[]> {
  const decisions = rows.length
    ? await db
        .select()
        .from(approvalDecisions)
        .where(
          inArray(
            approvalDecisions.requestId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(approvalDecisions.decidedAt)
    : [];
  const signedWith = await decisionPasskeys(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const mine = decisions.filter((d) => d.requestId === r.id);
    return {
      id: r.id,
      kind: r.kind as ApprovalKind,
      status: r.status as ApprovalRequest['status'],
      summary: r.summary,
      change: r.change as Record<string, unknown>,
      requestedBy: { id: r.requestedById, name: r.requestedByName },
      requiredApprovals: r.requiredApprovals,
      approvals: mine.filter((d) => d.decision === 'APPROVE').length,
      decisions: mine.map((d) => ({
        userId: d.userId,
        userName: d.userName,
        decision: d.decision as 'APPROVE' | 'REJECT',
        decidedAt: d.decidedAt.getTime(),
        passkey: signedWith.get(`${r.id}:${d.userId}`) ?? null,
      })),
      createdAt: r.createdAt.getTime(),
      decidedAt: r.decidedAt?.getTime() ?? null,
      result: (r.result as Record<string, unknown> | null) ?? null,
    };
  });
}

export async function getRequest(db: Db, workspaceId: string, id: string) {
  const [row] = await db
    .select()
    .from(approvalRequests)
    .where(and(eq(approvalRequests.workspaceId, workspaceId), eq(approvalRequests.id, id)));
  return row;
}

/** Newest first, keyset-paginated on (createdAt, id). */
export async function listRequests(db: Db, workspaceId: string, status: 'PENDING' | 'DECIDED' | undefined, pageSize: number, after?: { t: number; i: string }) {
  const where = [eq(approvalRequests.workspaceId, workspaceId)];
  if (status === 'PENDING') where.push(eq(approvalRequests.status, 'PENDING'));
  if (status === 'DECIDED') where.push(ne(approvalRequests.status, 'PENDING'));
  const keys = { time: approvalRequests.createdAt, id: approvalRequests.id };
  return keysetPage(db, approvalRequests, keys, where, 'DESC', pageSize, after && { position: { t: after.t, id: after.i } });
}

export async function pendingCount(db: Db, workspaceId: string): Promise<number> {
  return db.$count(approvalRequests, and(eq(approvalRequests.workspaceId, workspaceId), eq(approvalRequests.status, 'PENDING')));
}
