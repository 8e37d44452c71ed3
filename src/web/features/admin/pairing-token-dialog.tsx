import { Alert, Box, Button, Center, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ApiUser } from '../../../contract/admin';
import { CopyableValue } from '../../components/copyable-value';
import { QrCode } from '../../components/qr-code';
import { useIssuePairingToken } from './api';

/**
 * Issues a pairing token for an API user waiting for activation and shows it once: the service
 * keeps no copy it could show again. Clicking outside does not close the dialog, so the token is
 * not lost by accident while it is on screen.
 */
export function PairingTokenDialog({ user, onClose }: { user: ApiUser | null; onClose: () => void }) {
  const issue = useIssuePairingToken();
  const issued = issue.data;

  const close = () => {
    // Forget the token with the dialog.
    issue.reset();
    onClose();
  };

  return (
    <Modal opened={user !== null} onClose={close} title={user ? `Pair “${user.name}” with its device` : ''} centered size="lg" closeOnClickOutside={!issued}>
      {issued ? (
        <Stack>
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle aria-hidden />} title="Copy it now">
            This pairing token will not be shown again. It can be used once and expires in 24 hours.
          </Alert>
          <Text size="sm">Enter it on the co-signer device, or scan the QR code with it.</Text>
          <Box style={{ wordBreak: 'break-all' }} data-testid="pairing-token">
            <CopyableValue value={issued.pairingToken} label="pairing token" />
          </Box>
          <Center>
            <QrCode value={issued.pairingToken} alt="QR code of the pairing token" />
          </Center>
          <Group justify="flex-end">
            <Button onClick={close} data-autofocus>
              Done
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack>
          <Text size="sm">A pairing token lets a co-signer device pair with this API user. It is shown once, can be used once and expires in 24 hours.</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={issue.isPending} data-autofocus>
              Cancel
            </Button>
            <Button loading={issue.isPending} onClick={() => user && issue.mutate(user)}>
              Issue pairing token
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
