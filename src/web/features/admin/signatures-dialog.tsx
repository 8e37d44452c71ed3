import { Badge, Button, Code, Modal, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { ApprovalRequest } from '../../../contract/admin';
import { CopyableValue } from '../../components/copyable-value';
import { ErrorView } from '../../components/error-view';
import { ColumnHeads, wrapAnywhere } from '../../components/facts';
import { Person } from '../../components/person';
import { UtcTime } from '../../components/utc-time';
import { approvalQueries } from './approval-queries';

/**
 * The service's check of each decision's signature: it recomputes the request's digest from the
 * request as stored and verifies the kept assertion against the public key kept with it, so an
 * auditor learns which device approved what, and that nobody changed either since.
 */
function Signatures({ request }: { request: ApprovalRequest }) {
  const signatures = useQuery(approvalQueries.signatures(request.id));
  if (signatures.isPending) {
    return (
      <Stack role="status" gap="xs">
        <VisuallyHidden>Verifying the signatures…</VisuallyHidden>
        <Skeleton height={80} />
      </Stack>
    );
  }
  if (signatures.isError) return <ErrorView title="The signatures could not be verified" error={signatures.error} onRetry={() => void signatures.refetch()} />;
  const { contentDigest, decisions } = signatures.data;
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Text size="sm">The request&apos;s digest, recomputed from the request as stored (SHA-256):</Text>
        <Code style={wrapAnywhere}>{contentDigest}</Code>
      </Stack>
      {decisions.length === 0 ? (
        <Text c="dimmed">Nobody has decided yet.</Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="sm" aria-label="Signatures">
            <ColumnHeads columns={['Decision', 'Passkey', 'Signature']} />
            <Table.Tbody>
              {decisions.map((entry) => (
                <Table.Tr key={entry.userId}>
                  <Table.Td>
                    <Person id={entry.userId} name={entry.userName} /> {entry.decision === 'APPROVE' ? 'approved' : 'rejected'} on{' '}
                    <UtcTime ms={entry.decidedAt} />
                  </Table.Td>
                  <Table.Td>
                    {entry.passkey ? (
                      <Stack gap={2}>
                        <Text size="sm" fw={500}>
                          {entry.passkey.name}
                        </Text>
                        <CopyableValue value={entry.passkey.credentialId} label="credential id" />
                      </Stack>
                    ) : (
                      'None'
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={2} align="flex-start">
                      {/* A dot badge: its words are in the text colour, legible on either scheme. */}
                      <Badge color={entry.verified ? 'teal' : entry.passkey ? 'red' : 'gray'} variant="dot">
                        {entry.verified ? 'Verified' : entry.passkey ? 'Does not verify' : 'Not signed'}
                      </Badge>
                      {entry.reason && <Text size="xs">{entry.reason}</Text>}
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

/** "Verify signatures" and the dialog it opens, checked by the service when it opens. */
export function VerifySignaturesButton({ request }: { request: ApprovalRequest }) {
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button size="xs" variant="default" onClick={() => setOpened(true)}>
        Verify signatures
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title={`Signatures: ${request.summary}`} size="xl">
        {opened && <Signatures request={request} />}
      </Modal>
    </>
  );
}
