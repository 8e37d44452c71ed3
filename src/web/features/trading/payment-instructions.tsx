import { Alert, Group, Stack, Text } from '@mantine/core';
import type { OrderDetails } from '../../../contract/trading';
import { CopyIconButton } from '../../components/copyable-value';
import { QrCode } from '../../components/qr-code';

type Instruction = NonNullable<OrderDetails['paymentInstructions']>[number];

function CopyableLine({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Group gap={4} wrap="nowrap" align="flex-start">
        <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }} data-testid={`payment-${label.toLowerCase().replace(/\W+/g, '-')}`}>
          {value}
        </Text>
        <CopyIconButton value={value} label={label.toLowerCase()} />
      </Group>
    </Stack>
  );
}

/**
 * Where to send the payment of a prefunded order: the provider's deposit address (with its tag on
 * chains that need one), to copy or to scan.
 */
export function PaymentInstructions({ instructions, assetId, awaiting }: { instructions: Instruction[]; assetId: string; awaiting: boolean }) {
  return (
    <Stack gap="md">
      {awaiting && (
        <Alert variant="light" color="yellow">
          Send the {assetId} payment to this address. The provider starts the order once it sees the deposit.
        </Alert>
      )}
      {instructions.map(({ address }) => (
        <Group key={address.blockchainAddress} align="flex-start" gap="lg" wrap="wrap">
          <QrCode value={address.blockchainAddress} alt={`QR code of the deposit address for ${assetId}`} size={180} />
          <Stack gap="sm" maw={420}>
            <CopyableLine label="Deposit address" value={address.blockchainAddress} />
            {address.tag && <CopyableLine label="Tag or memo" value={address.tag} />}
            {address.tag && (
              <Text size="xs" c="var(--mantine-color-error)">
                Include the tag: without it the provider cannot match the deposit to this order.
              </Text>
            )}
          </Stack>
        </Group>
      ))}
    </Stack>
  );
}
