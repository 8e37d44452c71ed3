import { Alert, Group, Text } from '@mantine/core';
import { IconShieldCheck, IconShieldX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { AuditChainVerification } from '../../../contract/audit';
import { CopyableValue } from '../../components/copyable-value';
import { ErrorView } from '../../components/error-view';
import { UtcTime } from '../../components/utc-time';
import { auditQueries } from './api';
import type { AuditRange } from './audit-view';
import { eventCount } from './event-count';

/**
 * "Verify integrity": the service walks the hash chain of every event in the range (the filters
 * do not apply, since the chain links all events). An answer belongs to the range it was asked
 * for; when the range changes it is no longer shown.
 */
export function useChainVerification(range: AuditRange) {
  const rangeKey = `${range.startTime}-${range.endTime}`;
  const [askedFor, setAskedFor] = useState<string | null>(null);
  const asked = askedFor === rangeKey;
  const check = useQuery({ ...auditQueries.verification(range), enabled: asked });
  return {
    verify: () => (asked ? void check.refetch() : setAskedFor(rangeKey)),
    checking: check.isFetching,
    /** What to show once an asked-for check has finished. */
    outcome: !asked || check.isFetching ? null : check.isError ? { error: check.error } : check.data ? { result: check.data } : null,
  };
}

interface VerificationOutcomeProps {
  outcome: { error: unknown } | { result: AuditChainVerification };
  onRetry: () => void;
}

export function VerificationOutcome({ outcome, onRetry }: VerificationOutcomeProps) {
  if ('error' in outcome) return <ErrorView title="The integrity check could not run" error={outcome.error} onRetry={onRetry} />;
  const { result } = outcome;
  const span = (
    <>
      from <UtcTime ms={result.startTime} /> to <UtcTime ms={result.endTime} />
    </>
  );
  if (result.verified) {
    return (
      <Alert color="teal" variant="light" role="status" icon={<IconShieldCheck aria-hidden />} title="Integrity verified">
        The hash chain of all {eventCount(result.checked)} {span} is intact: none was altered or removed.
        {result.pending > 0 && (
          <> {eventCount(result.pending)} written in that time wait to be sequenced; they join the chain within seconds and are checked then.</>
        )}
      </Alert>
    );
  }
  return (
    <Alert color="red" variant="light" role="alert" icon={<IconShieldX aria-hidden />} title="Integrity check failed">
      <Text size="sm">
        {result.reason}. {eventCount(result.checked)} {span} checked before the break.
      </Text>
      {result.firstBrokenEventId && (
        <Group gap="xs" mt="xs">
          <Text size="sm">First broken event:</Text>
          <CopyableValue value={result.firstBrokenEventId} label="event id" />
        </Group>
      )}
    </Alert>
  );
}
