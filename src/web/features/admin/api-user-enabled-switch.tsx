import { Switch, Text } from '@mantine/core';
import { useState } from 'react';
import type { ApiUser } from '../../../contract/admin';
import { actionMark } from '../../components/action-button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { useSetApiUserEnabled } from './api';

/**
 * Turns an API user on or off. Turning one off stops a running integration, so it asks first;
 * turning one back on does not. The switch shows what the service holds, not what was clicked.
 */
export function ApiUserEnabledSwitch({ user, nameId }: { user: ApiUser; nameId: string }) {
  const [confirming, setConfirming] = useState(false);
  const change = useSetApiUserEnabled();

  return (
    <>
      <Switch
        label="Enabled"
        {...actionMark('setApiUserEnabled')}
        // The row's name cell tells which API user this switch belongs to.
        aria-describedby={nameId}
        checked={user.enabled}
        disabled={change.isPending}
        onChange={(event) => {
          if (event.currentTarget.checked) change.mutate({ user, enabled: true });
          else setConfirming(true);
        }}
      />
      <ConfirmDialog
        opened={confirming}
        title={`Disable “${user.name}”?`}
        confirmLabel="Disable"
        confirmColor="red"
        loading={change.isPending}
        onConfirm={() => change.mutate({ user, enabled: false }, { onSettled: () => setConfirming(false) })}
        onClose={() => setConfirming(false)}
      >
        <Text size="sm">The service refuses its requests from its next call on, until it is enabled again. Whatever runs with its key stops working.</Text>
      </ConfirmDialog>
    </>
  );
}
