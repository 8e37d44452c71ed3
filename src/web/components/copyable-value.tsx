import { ActionIcon, Button, Code, CopyButton, Group, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/** The small icon button that copies `value`, named for screen readers after what it copies. */
export function CopyIconButton({ value, label }: { value: string; label: string }) {
  return (
    <CopyButton value={value} timeout={1500}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? 'Copied' : `Copy ${label}`} withArrow>
          <ActionIcon variant="subtle" color={copied ? 'teal' : 'gray'} size="sm" onClick={copy} aria-label={copied ? `${label} copied` : `Copy ${label}`}>
            {copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}

/**
 * An identifier shown in full with a button that copies it, e.g. an API key, a request id or an
 * address; a long one (a DID, a hash) wraps rather than overflowing its card, into lines of even
 * length (balanced), so an address never leaves one or two characters alone on its last line.
 */
export function CopyableValue({ value, label }: { value: string; label: string }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Code style={{ wordBreak: 'break-all', textWrap: 'balance' }}>{value}</Code>
      <CopyIconButton value={value} label={label} />
    </Group>
  );
}

/** A small button that says what it copies (`label`), e.g. a whole JSON document or a public key, and says so once it has (`copiedLabel`). */
export function CopyTextButton({ value, label, copiedLabel }: { value: string; label: string; copiedLabel: string }) {
  return (
    <CopyButton value={value} timeout={1500}>
      {({ copied, copy }) => (
        <Button
          size="xs"
          variant="light"
          color={copied ? 'teal' : undefined}
          leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
          onClick={copy}
        >
          {copied ? copiedLabel : label}
        </Button>
      )}
    </CopyButton>
  );
}
