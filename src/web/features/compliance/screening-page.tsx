import { Paper, Stack, Switch, Text } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Suspense, useId, useState } from 'react';
import { mayPerform } from '../../../contract/operations';
import { ROLE_LABELS } from '../../../contract/role-labels';
import type { ScreeningConfiguration, ScreeningConfigurationState } from '../../../contract/screening';
import { useSignedInUser } from '../../lib/use-session-state';
import { actionMark } from '../../components/action-button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Page } from '../../components/page';
import { Person } from '../../components/person';
import { UtcTime } from '../../components/utc-time';
import type { PageData } from '../../lib/page-data';
import { screeningQueries, useUpdateScreening } from './api';
import { LoadingSkeleton } from '../../components/section';

type Setting = keyof ScreeningConfiguration;

/** Each switch is on when its protection is on, that is when the stored flag disables the risky action. */
const SETTINGS: Record<Setting, { label: string; explanation: string; offTitle: string; offConsequence: string }> = {
  disableBypass: {
    label: 'Screening cannot be bypassed',
    explanation: 'When on, every transfer waits for its AML screening verdict: nobody can let a transaction skip screening, from the console or the API.',
    offTitle: 'Allow screening to be bypassed?',
    offConsequence:
      'Anyone with the right role will be able to release a transaction without waiting for its AML screening verdict. Funds could move before a risk is detected.',
  },
  disableUnfreeze: {
    label: 'Frozen funds stay frozen',
    explanation:
      'When on, funds that AML screening froze cannot be unfrozen: they stay where they are until compliance resolves the case outside this workspace.',
    offTitle: 'Allow frozen funds to be unfrozen?',
    offConsequence: 'Anyone with the right role will be able to release funds that screening froze, including funds from a sanctioned or high-risk source.',
  },
};

function SettingSwitch({ setting, state, editable }: { setting: Setting; state: ScreeningConfigurationState; editable: boolean }) {
  const explanationId = useId();
  const [confirming, setConfirming] = useState(false);
  const update = useUpdateScreening();
  const text = SETTINGS[setting];
  const on = state[setting];

  return (
    <Paper withBorder p="md">
      <Stack gap="xs">
        <Switch
          size="md"
          label={text.label}
          aria-describedby={explanationId}
          checked={on}
          // Shown to every role, as the state of the protection; marked as the action only where it is one.
          {...(editable && actionMark('updateScreeningConfiguration'))}
          disabled={!editable || update.isPending}
          onChange={(event) => {
            // Turning a protection on is always safe; turning it off asks first.
            if (event.currentTarget.checked) update.mutate({ [setting]: true });
            else setConfirming(true);
          }}
        />
        <Text size="sm" c="dimmed" id={explanationId}>
          {text.explanation}
        </Text>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={text.offTitle}
        confirmLabel="Turn protection off"
        confirmColor="red"
        dismissLabel="Keep it on"
        loading={update.isPending}
        onConfirm={() => update.mutate({ [setting]: false }, { onSettled: () => setConfirming(false) })}
        onClose={() => setConfirming(false)}
      >
        <Text size="sm">{text.offConsequence}</Text>
        <Text size="sm">The change is recorded in the audit log with your name.</Text>
      </ConfirmDialog>
    </Paper>
  );
}

function LastChange({ state }: { state: ScreeningConfigurationState }) {
  if (state.updatedAt === null) return <Text size="sm">Never changed: both protections are at their defaults.</Text>;
  if (state.updatedBy === null)
    return (
      <Text size="sm">
        Set when the workspace was set up, <UtcTime ms={state.updatedAt} />.
      </Text>
    );
  return (
    <Text size="sm" data-testid="screening-last-change">
      Last changed by <Person id={state.updatedBy.id} name={state.updatedBy.name} />, <UtcTime ms={state.updatedAt} />.
    </Text>
  );
}

export const pageData: PageData = {
  errorTitle: 'The screening configuration could not be loaded',
  load: ({ queryClient }) => queryClient.ensureQueryData(screeningQueries.state()),
};

function ScreeningSettings() {
  const user = useSignedInUser();
  const { data: state } = useSuspenseQuery(screeningQueries.state());
  const editable = mayPerform(user.role, 'updateScreeningConfiguration');
  return (
    <Stack gap="md">
      {!editable && <Text>Your role, {ROLE_LABELS[user.role]}, can see the screening protections but not change them.</Text>}
      <SettingSwitch setting="disableBypass" state={state} editable={editable} />
      <SettingSwitch setting="disableUnfreeze" state={state} editable={editable} />
      <LastChange state={state} />
    </Stack>
  );
}

export default function ScreeningPage() {
  return (
    <Page title="Screening" description="How strictly AML screening binds this workspace. Both protections are on in a cautious set-up.">
      <Suspense fallback={<LoadingSkeleton label="Loading the screening configuration…" heights={[96, 96]} />}>
        <ScreeningSettings />
      </Suspense>
    </Page>
  );
}
