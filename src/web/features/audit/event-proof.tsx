import { Alert, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { IconHourglass, IconShieldCheck, IconShieldX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { AuditLogData } from '../../../contract/audit';
import type { AuditTreeHead } from '../../../contract/audit-tree';
import { ErrorView } from '../../components/error-view';
import { UtcTime } from '../../components/utc-time';
import { treeQueries } from './tree-api';

/** "tree head #1,234 signed 2026-01-31 14:05:09 UTC (3 min ago)": the head by its size, as the API names it. */
export function HeadName({ head }: { head: AuditTreeHead }) {
  return (
    <>
      tree head #{head.treeSize.toLocaleString('en-US')} signed <UtcTime ms={head.timestamp} />
    </>
  );
}

/** A verdict's failures, each as one item: exactly what did not hold. */
export function Failures({ failures }: { failures: string[] }) {
  return (
    <List size="sm" spacing={4}>
      {failures.map((failure) => (
        <List.Item key={failure}>{failure.charAt(0).toUpperCase() + failure.slice(1)}.</List.Item>
      ))}
    </List>
  );
}

/** A verified result's alert: its title in the text's colour, as teal on the light teal fill is 4.3:1, under WCAG AA. */
export const VERIFIED = { color: 'teal', variant: 'light', role: 'status', styles: { title: { color: 'var(--mantine-color-text)' } } } as const;

/** How long the browser's own check took, said beside its result. */
export const checkedIn = (ms: number) => `Checked in your browser in ${ms < 1 ? 'under 1' : Math.round(ms)} ms.`;

function Outcome({ children }: { children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="event-proof-heading">
      <Title id="event-proof-heading" order={3} size="h5">
        In the signed log
      </Title>
      {children}
    </Stack>
  );
}

/**
 * The event drawer's proof: which signed tree head includes the event, checked in the browser
 * (the head's signature, the leaf against the event as shown, the audit path to the root), or what
 * failed. Loaded with its verifier only when a drawer opens (audit-event-drawer.tsx).
 */
export default function EventProof({ event }: { event: AuditLogData }) {
  const proof = useQuery(treeQueries.eventProof(event));
  if (proof.isPending) {
    return (
      <Outcome>
        <Group gap="xs">
          <Loader size="xs" aria-hidden />
          <Text size="sm">Checking this event against the signed log…</Text>
        </Group>
      </Outcome>
    );
  }
  if (proof.isError) {
    return (
      <Outcome>
        <ErrorView title="The event's proof could not be fetched" error={proof.error} onRetry={() => void proof.refetch()} />
      </Outcome>
    );
  }
  const result = proof.data;
  if (!result.signed) {
    return (
      <Outcome>
        <Alert color="gray" variant="light" role="status" icon={<IconHourglass aria-hidden />} title="Not yet in a signed tree head (within seconds)">
          {/* Listed before it was sequenced: it has no place in the log yet, let alone in a head. */}
          {event.hash === null
            ? 'The event is waiting to be sequenced: within seconds the service gives it its place in the log, then signs a tree head that includes it.'
            : 'The service signs a tree head within seconds of the log growing.'}{' '}
          This check runs again by itself until one includes the event.
        </Alert>
      </Outcome>
    );
  }
  const { head, failures, ms } = result;
  if (failures.length === 0) {
    return (
      <Outcome>
        <Alert {...VERIFIED} icon={<IconShieldCheck aria-hidden />} title="Verified">
          <Text size="sm">
            In <HeadName head={head} />, signature valid, proof valid.
          </Text>
          <Text size="sm" c="dimmed" mt={4}>
            The head&apos;s Ed25519 signature checks with the service&apos;s key {head.keyId}; the log&apos;s leaf is this event as shown; its audit path leads
            to the head&apos;s root. {checkedIn(ms)}
          </Text>
        </Alert>
      </Outcome>
    );
  }
  return (
    <Outcome>
      <Alert color="red" variant="light" role="alert" icon={<IconShieldX aria-hidden />} title="Not verified">
        <Text size="sm" mb={4}>
          Against <HeadName head={head} />:
        </Text>
        <Failures failures={failures} />
      </Alert>
    </Outcome>
  );
}
