import { Alert, Box, Button, Center, Group, Image, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { ApiUser } from '../../../contract/admin';
import { CopyableValue } from '../../components/copyable-value';
import { useIssuePairingToken } from './api';

/** The token as a QR code, for a device with a camera; the encoder is fetched the first time one is shown. */
function PairingQrCode({ token }: { token: string }) {
  const [image, setImage] = useState<{ token: string; url: string } | null>(null);

  useEffect(() => {
    let current = true;
    void import('qrcode')
      .then((qrcode) => qrcode.toDataURL(token, { errorCorrectionLevel: 'M', margin: 2, width: 240 }))
      .then((url) => {
        if (current) setImage({ token, url });
      });
    return () => {
      current = false;
    };
  }, [token]);

  if (image?.token !== token) {
    return (
      <Center w={240} h={240}>
        <Loader size="sm" aria-label="Drawing the QR code" />
      </Center>
    );
  }
  return <Image src={image.url} alt="QR code of the pairing token" w={240} h={240} fit="contain" />;
}

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
    <Modal
      opened={user !== null}
      onClose={close}
      title={user ? `Pair “${user.name}” with its device` : ''}
      centered
      size="lg"
      closeOnClickOutside={!issued}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
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
            <PairingQrCode token={issued.pairingToken} />
          </Center>
          <Group justify="flex-end">
            <Button onClick={close} data-autofocus>
              Done
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack>
          <Text size="sm">
            A pairing token lets a co-signer device pair with this API user. It is shown once, can be used once and
            expires in 24 hours.
          </Text>
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
