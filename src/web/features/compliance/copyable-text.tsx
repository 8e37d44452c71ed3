import { Group, Text } from '@mantine/core';
import { CopyIconButton } from '../../components/copyable-value';

/**
 * A long identifier (an address, a hash, a DID) that wraps instead of overflowing its card, shown
 * shortened when asked, with a button that copies it whole.
 */
export function CopyableText({ value, label, shorten = false }: { value: string; label: string; shorten?: boolean }) {
  const shown = shorten && value.length > 24 ? `${value.slice(0, 12)}…${value.slice(-10)}` : value;
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }} title={shorten ? value : undefined}>
        {shown}
      </Text>
      <CopyIconButton value={value} label={label} />
    </Group>
  );
}
