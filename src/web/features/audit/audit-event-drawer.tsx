import { Anchor, Code, DataList, Drawer, Group, Stack, Table, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { AuditLogData } from '../../../contract/audit';
import { CopyableValue, CopyTextButton } from '../../components/copyable-value';
import { DataField, wrapAnywhere } from '../../components/facts';
import { Person } from '../../components/person';
import { UtcTime } from '../../components/utc-time';

type Values = Record<string, unknown>;

const isValues = (value: unknown): value is Values => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A detail value as text: strings as they are, anything else as JSON; absent keys say so. */
function shown(value: unknown): string {
  if (value === undefined) return '(not set)';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The passkey that confirmed the event (step-up, passkey sign-in) as the service records it: its name, credential id and the digest it signed. */
interface PasskeyDetail {
  name: string;
  credentialId: string;
  contentDigest?: string;
}

const isPasskeyDetail = (value: unknown): value is PasskeyDetail =>
  isValues(value) &&
  typeof value.name === 'string' &&
  typeof value.credentialId === 'string' &&
  (value.contentDigest === undefined || typeof value.contentDigest === 'string');

function PasskeyFacts({ passkey }: { passkey: PasskeyDetail }) {
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        Passkey
      </Title>
      <DataList labelWidth={150}>
        <DataField label="Name">{passkey.name}</DataField>
        <DataField label="Credential ID">
          <CopyableValue value={passkey.credentialId} label="credential id" />
        </DataField>
        {passkey.contentDigest && (
          <DataField label="Signed digest">
            <Code style={wrapAnywhere}>{passkey.contentDigest}</Code>
          </DataField>
        )}
      </DataList>
    </Stack>
  );
}

/** `before` and `after` side by side, one row per field either of them has. */
function ChangeTable({ before, after }: { before: Values; after: Values }) {
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return (
    <Table withTableBorder withColumnBorders layout="fixed">
      <Table.Caption>Values before and after the change</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Field</Table.Th>
          <Table.Th scope="col">Before</Table.Th>
          <Table.Th scope="col">After</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {fields.map((field) => (
          <Table.Tr key={field}>
            <Table.Th scope="row" style={wrapAnywhere}>
              {field}
            </Table.Th>
            <Table.Td style={wrapAnywhere}>{shown(before[field])}</Table.Td>
            <Table.Td style={wrapAnywhere}>{shown(after[field])}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

export function EventDetail({ event }: { event: AuditLogData }) {
  const { before, after, passkey } = event.detail;
  const hasChange = isValues(before) || isValues(after);
  const signedWith = isPasskeyDetail(passkey) ? passkey : null;
  // What has no view of its own stays with the context: a before or after that is not a set of
  // fields, a passkey that is not the service's record of one.
  const rest: Values = Object.fromEntries(
    Object.entries(event.detail).filter(([key]) => !(hasChange && (key === 'before' || key === 'after')) && !(signedWith && key === 'passkey')),
  );
  const json = JSON.stringify(event, null, 2);

  return (
    <Stack gap="lg">
      <DataList labelWidth={150}>
        <DataField label="What">
          {event.category} / {event.subject} / {event.event}
        </DataField>
        <DataField label="When">
          <UtcTime ms={event.timestamp} />
        </DataField>
        <DataField label="Recorded">
          <UtcTime ms={event.createdAt} />
        </DataField>
        <DataField label="User">
          <Person id={event.userId} name={event.user} />
        </DataField>
        <DataField label="User ID">
          <CopyableValue value={event.userId} label="user id" />
        </DataField>
        <DataField label="Request ID">{event.requestId ? <CopyableValue value={event.requestId} label="request id" /> : 'None'}</DataField>
        <DataField label="Source address">{event.sourceAddress ?? 'None'}</DataField>
        <DataField label="Event ID">
          <CopyableValue value={event.id} label="event id" />
        </DataField>
        <DataField label="Workspace ID">{event.tenantId}</DataField>
        <DataField label="Hash">
          <Code style={wrapAnywhere}>{event.hash}</Code>
        </DataField>
      </DataList>

      {hasChange && (
        <Stack gap="xs">
          <Title order={3} size="h5">
            Change
          </Title>
          <ChangeTable before={isValues(before) ? before : {}} after={isValues(after) ? after : {}} />
        </Stack>
      )}

      {signedWith && <PasskeyFacts passkey={signedWith} />}

      {Object.keys(rest).length > 0 && (
        <Stack gap="xs">
          <Title order={3} size="h5">
            Context
          </Title>
          <DataList labelWidth={150}>
            {Object.entries(rest).map(([key, value]) => (
              <DataField key={key} label={key}>
                {shown(value)}
              </DataField>
            ))}
          </DataList>
        </Stack>
      )}

      <Stack gap="xs">
        <Group justify="space-between">
          <Title order={3} size="h5">
            Raw JSON
          </Title>
          <CopyTextButton value={json} label="Copy JSON" copiedLabel="JSON copied" />
        </Group>
        {/* Wrapped rather than scrolled sideways, so the block needs no keyboard focus of its own. */}
        <Code block style={{ whiteSpace: 'pre-wrap', ...wrapAnywhere }}>
          {json}
        </Code>
      </Stack>
    </Stack>
  );
}

/** The address of an event's own page, which shows it with the events around it. */
export const auditEventPath = (id: string) => `/audit/events/${encodeURIComponent(id)}`;

/** Everything recorded about one event. Escape or the close button closes it, and focus returns to the row. */
export function AuditEventDrawer({ event, opened, onClose }: { event: AuditLogData | null; opened: boolean; onClose: () => void }) {
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="xl" title="Event details" closeButtonProps={{ 'aria-label': 'Close event details' }}>
      {event && (
        <Stack gap="md">
          <Group gap="xs">
            {/* A link names the event only: whoever opens it sees it if their role and workspace may. */}
            <CopyTextButton value={new URL(auditEventPath(event.id), window.location.origin).href} label="Copy link" copiedLabel="Link copied" />
            <Anchor component={Link} to={auditEventPath(event.id)} size="sm">
              Open with context
            </Anchor>
          </Group>
          <EventDetail event={event} />
        </Stack>
      )}
    </Drawer>
  );
}
