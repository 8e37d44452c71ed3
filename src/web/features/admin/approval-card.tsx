import { Badge, Group, List, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { ApprovalRequest } from '../../../contract/admin';
import type { SessionUser } from '../../../contract/auth';
import { mayPerform } from '../../../contract/operations';
import { ActionButton } from '../../components/action-button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Person } from '../../components/person';
import { UtcTime } from '../../components/utc-time';
import { type ApprovalDecision, useDecideApproval } from './api';
import { ApprovalChange } from './approval-change';
import { approvalsCount, KIND_LABELS } from './approval-labels';
import { VerifySignaturesButton } from './signatures-dialog';

/** One decision in words: who, what, and the passkey that signed it when one did. */
export function DecisionText({ entry, at = false }: { entry: ApprovalRequest['decisions'][number]; at?: boolean }) {
  return (
    <>
      <Person id={entry.userId} name={entry.userName} /> {entry.decision === 'APPROVE' ? 'approved' : 'rejected'}
      {at && (
        <>
          {' '}
          on <UtcTime ms={entry.decidedAt} />
        </>
      )}
      {entry.passkey && (
        <Text span inherit c="dimmed">
          {' '}
          (signed with passkey {entry.passkey.name})
        </Text>
      )}
    </>
  );
}

/** Who may act on a request: the signed-in console user. */
export type Viewer = Pick<SessionUser, 'id' | 'role'>;

function approveConsequence(request: ApprovalRequest): string {
  const after = request.approvals + 1;
  if (after >= request.requiredApprovals) return 'Yours is the last approval needed: the change is carried out at once.';
  const missing = request.requiredApprovals - after;
  return `With yours it has ${after} of ${request.requiredApprovals} approvals; ${missing} more ${missing === 1 ? 'is' : 'are'} needed.`;
}

const DIALOGS: Record<ApprovalDecision, { title: string; confirm: string; color?: string; dismiss?: string }> = {
  approve: { title: 'Approve this request?', confirm: 'Approve' },
  reject: { title: 'Reject this request?', confirm: 'Reject', color: 'red' },
  cancel: { title: 'Cancel your request?', confirm: 'Cancel request', color: 'red', dismiss: 'Keep it' },
};

const CONSEQUENCES: Record<Exclude<ApprovalDecision, 'approve'>, string> = {
  reject: 'A rejection is final: the change will not be carried out. Whoever still wants it must raise a new request.',
  cancel: 'Canceling is final: nobody can approve the request afterwards.',
};

function DecisionDialog({ request, decision, onClose }: { request: ApprovalRequest; decision: ApprovalDecision; onClose: () => void }) {
  const decide = useDecideApproval(decision);
  const dialog = DIALOGS[decision];
  return (
    <ConfirmDialog
      opened
      title={dialog.title}
      confirmLabel={dialog.confirm}
      confirmColor={dialog.color}
      dismissLabel={dialog.dismiss}
      loading={decide.isPending}
      onConfirm={() => decide.mutate(request, { onSettled: onClose })}
      onClose={onClose}
    >
      <Text fw={500}>{request.summary}</Text>
      <Text size="sm">{decision === 'approve' ? approveConsequence(request) : CONSEQUENCES[decision]}</Text>
    </ConfirmDialog>
  );
}

/** The buttons a viewer may use on a pending request, or what they already decided. */
function DecisionActions({ request, viewer }: { request: ApprovalRequest; viewer: Viewer }) {
  const [decision, setDecision] = useState<ApprovalDecision | null>(null);
  if (!mayPerform(viewer.role, 'approveApprovalRequest')) return null;
  const mine = request.decisions.find((entry) => entry.userId === viewer.id);
  const raisedByViewer = request.requestedBy.id === viewer.id;

  return (
    <Group gap="sm">
      {mine ? (
        <Text size="sm" c="dimmed">
          You {mine.decision === 'APPROVE' ? 'approved' : 'rejected'} this request.
        </Text>
      ) : (
        <>
          <ActionButton operation="approveApprovalRequest" onClick={() => setDecision('approve')}>
            Approve
          </ActionButton>
          <ActionButton operation="rejectApprovalRequest" variant="light" color="red" onClick={() => setDecision('reject')}>
            Reject
          </ActionButton>
        </>
      )}
      {raisedByViewer && (
        <ActionButton operation="cancelApprovalRequest" variant="default" onClick={() => setDecision('cancel')}>
          Cancel request
        </ActionButton>
      )}
      {decision && <DecisionDialog request={request} decision={decision} onClose={() => setDecision(null)} />}
    </Group>
  );
}

/** The address of one pending request on the approvals page (other pages link to it). */
export const approvalCardHref = (requestId: string) => `/admin/approvals#${approvalCardAnchor(requestId)}`;
const approvalCardAnchor = (requestId: string) => `approval-${requestId}`;

/** One pending request: what it changes, who raised it, how far its approval has come. */
export function ApprovalCard({ request, viewer }: { request: ApprovalRequest; viewer: Viewer }) {
  const titleId = useId();
  const anchor = approvalCardAnchor(request.id);
  const linkedTo = useLocation().hash === `#${anchor}`;
  const card = useRef<HTMLElement>(null);
  // The list arrives after the page, so the browser's own jump to the fragment finds nothing: the
  // card the link named brings itself into view and takes focus once it is drawn.
  useEffect(() => {
    if (!linkedTo) return;
    card.current?.scrollIntoView({ block: 'center' });
    card.current?.focus({ preventScroll: true });
  }, [linkedTo]);
  return (
    <Paper
      ref={card}
      id={anchor}
      tabIndex={linkedTo ? -1 : undefined}
      withBorder
      p="md"
      component="article"
      aria-labelledby={titleId}
      aria-current={linkedTo ? 'true' : undefined}
      bd={linkedTo ? '2px solid var(--mantine-primary-color-filled)' : undefined}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2}>
            <Title order={3} size="h4" id={titleId}>
              {request.summary}
            </Title>
            <Text size="sm" c="dimmed">
              Raised by <Person id={request.requestedBy.id} name={request.requestedBy.name} /> on <UtcTime ms={request.createdAt} />
            </Text>
          </Stack>
          <Badge variant="light">{KIND_LABELS[request.kind]}</Badge>
        </Group>
        <ApprovalChange change={request.change} kind={request.kind} />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {approvalsCount(request)}
          </Text>
          {/* The sentence above says the same to everyone; the bar is for the eye. */}
          <Progress value={(100 * request.approvals) / request.requiredApprovals} size="sm" aria-hidden />
        </Stack>
        {request.decisions.length > 0 && (
          <List size="sm" spacing={2} aria-label="Decisions so far">
            {request.decisions.map((entry) => (
              <List.Item key={entry.userId}>
                <DecisionText entry={entry} at />
              </List.Item>
            ))}
          </List>
        )}
        <Group gap="sm">
          <DecisionActions request={request} viewer={viewer} />
          {request.decisions.some((entry) => entry.passkey) && <VerifySignaturesButton request={request} />}
        </Group>
      </Stack>
    </Paper>
  );
}
