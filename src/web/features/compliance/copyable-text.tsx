import { ActionIcon, CopyButton, Group, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

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
      <CopyButton value={value} timeout={1500}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? 'Copied' : `Copy ${label}`} withArrow>
            <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} size="sm" onClick={copy} aria-label={copied ? `${label} copied` : `Copy ${label}`}>
              {copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}
