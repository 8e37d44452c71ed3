import { zodResolver } from '@hookform/resolvers/zod';
import { Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { useId, useMemo } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { AdminQuorumRequest, type AdminQuorumState } from '../../../contract/admin';
import { ActionButton } from '../../components/action-button';
import { reportFormError } from '../../components/report-form-error';
import { useRequestQuorumChange } from './api';

const FIELDS = ['adminQuorumThreshold'] as const;

/**
 * The contract's request, narrowed by what this page knows: the service refuses a threshold above
 * the number of admins who count, or equal to the current one, and would say so after a round trip.
 */
export function thresholdSchema({ adminQuorumThreshold: current, admins }: AdminQuorumState) {
  const max = admins.length;
  return AdminQuorumRequest.extend({
    adminQuorumThreshold: AdminQuorumRequest.shape.adminQuorumThreshold
      .max(max, { error: `adminQuorumThreshold must be between 1 and ${max}, the number of admins who can approve` })
      .refine((value) => value !== current, { error: `The threshold is already ${current}` }),
  });
}

/** What happens once the request is sent: it needs the threshold in force now, and the requester's approval counts. */
function approvalsNeeded(current: number): string {
  if (current === 1) {
    return 'This request needs 1 approval, and your own counts: the new threshold takes effect as soon as you send it.';
  }
  const others = current - 1;
  return `This request needs ${current} approvals, the current threshold. Your own approval counts, so ${others} more ${others === 1 ? 'admin' : 'admins'} must approve it in Approvals.`;
}

export function QuorumForm({ quorum }: { quorum: AdminQuorumState }) {
  const headingId = useId();
  const schema = useMemo(() => thresholdSchema(quorum), [quorum]);
  const { control, handleSubmit, setError } = useForm({
    resolver: zodResolver(schema),
    defaultValues: { adminQuorumThreshold: quorum.adminQuorumThreshold },
  });
  const request = useRequestQuorumChange({
    onError: (error) =>
      reportFormError('The threshold change was not requested', error, FIELDS, (field, message) => setError(field, { type: 'server', message })),
  });

  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <form noValidate onSubmit={handleSubmit((body) => request.mutate(body))}>
        <Stack gap="sm">
          <Title order={2} size="h3" id={headingId}>
            Request a new threshold
          </Title>
          <Controller
            control={control}
            name="adminQuorumThreshold"
            render={({ field, fieldState }) => (
              <NumberInput
                label="New threshold"
                description={`Between 1 and ${quorum.admins.length}, the number of admins who can approve.`}
                required
                min={1}
                max={quorum.admins.length}
                // Out-of-range input stays as typed and is explained, rather than silently changed.
                clampBehavior="none"
                allowDecimal={false}
                allowNegative={false}
                maw={240}
                name={field.name}
                ref={field.ref}
                value={Number.isNaN(field.value) ? '' : field.value}
                // An emptied input is "no number", which the contract's schema explains.
                onChange={(value) => field.onChange(typeof value === 'number' ? value : Number.NaN)}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
              />
            )}
          />
          <Text size="sm">{approvalsNeeded(quorum.adminQuorumThreshold)}</Text>
          <Group>
            <ActionButton operation="updateAdminQuorum" type="submit" loading={request.isPending}>
              Request change
            </ActionButton>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
