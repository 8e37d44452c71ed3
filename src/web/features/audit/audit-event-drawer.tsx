import { Anchor, Code, DataList, Drawer, Group, Stack, Table, Text, Title } from '@mantine/core';
import { Suspense } from 'react';
import { Link } from 'react-router';
import type { AuditLogData } from '../../../contract/audit';
import { CopyableValue, CopyIconButton, CopyTextButton } from '../../components/copyable-value';
import { ColumnHeads, DataField, wrapAnywhere } from '../../components/facts';
import { Person } from '../../components/person';
import { UtcTime } from '../../components/utc-time';
import { copyAs } from '../../lib/copy-as';
import { EventProof } from './tree-lazy';

type Values = Record<string, unknown>;

const isValues = (value: unknown): value is Values => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A detail value as text: strings as they are, anything else as JSON; absent keys say so. */
function shown(value: unknown): string {
  if (value === undefined) return '(not set)';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

// Epoch milliseconds from 2000 to 2100: a count or an id under a time's name is not taken for one.
const EARLIEST_MOMENT = Date.UTC(2000, 0, 1);
const LATEST_MOMENT = Date.UTC(2100, 0, 1);
// A name that says its number is a moment: expiresAt, windowStart, windowEnd, lastSeenTime, timestamp.
const MOMENT_NAME = /(?:At|Time|Timestamp|Start|End|Date|Since|Until)$|^(?:at|time|timestamp|date|since|until)$/;
// An ISO 8601 time with its zone, as services write one ("2026-01-31T14:00:00.000Z"), whatever its name.
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/;

/** The moment a detail holds, if it holds one: epoch milliseconds under a name that says so, or an ISO time. */
function momentOf(name: string, value: unknown): number | null {
  if (typeof value === 'number') return MOMENT_NAME.test(name) && Number.isInteger(value) && value >= EARLIEST_MOMENT && value < LATEST_MOMENT ? value : null;
  if (typeof value !== 'string' || !ISO_TIME.test(value)) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

/**
 * One detail's value: a moment written as the console writes moments, with the value as recorded
 * (1795981697679, or the ISO text) in a copy of it and behind its copy button; anything else as text.
 */
function DetailValue({ name, value }: { name: string; value: unknown }) {
  const ms = momentOf(name, value);
  if (ms === null) return shown(value);
  const recorded = shown(value);
  return (
    <Group gap={4} wrap="nowrap">
      <span onCopy={copyAs(recorded)}>
        <UtcTime ms={ms} />
      </span>
      <CopyIconButton value={recorded} label={`${name} as recorded`} />
    </Group>
  );
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
      <ColumnHeads columns={['Field', 'Before', 'After']} />
      <Table.Tbody>
        {fields.map((field) => (
          <Table.Tr key={field}>
            <Table.Th scope="row" style={wrapAnywhere}>
              {field}
            </Table.Th>
            <Table.Td style={wrapAnywhere}>
              <DetailValue name={field} value={before[field]} />
            </Table.Td>
            <Table.Td style={wrapAnywhere}>
              <DetailValue name={field} value={after[field]} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** What the Hash field says of an event listed before the sequencer gave it its place in the chain. */
export const WAITING_FOR_SEQUENCER = 'None yet: waiting to be sequenced. Its place in the hash chain and the signed log comes within seconds.';

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
          {/* Null for the second or so between the write and the sequencer giving the event its place. */}
          {event.hash === null ? WAITING_FOR_SEQUENCER : <Code style={wrapAnywhere}>{event.hash}</Code>}
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
                <DetailValue name={key} value={value} />
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
          <Suspense fallback={<Text size="sm">Loading the verifier…</Text>}>
            <EventProof event={event} />
          </Suspense>
          <EventDetail event={event} />
        </Stack>
      )}
    </Drawer>
  );
}
