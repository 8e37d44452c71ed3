import { Button, Group, type MantineColor, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** Red for what cannot be undone (reject, disable); the theme's colour otherwise. */
  confirmColor?: MantineColor;
  /** Names the way back when "Cancel" would be ambiguous, e.g. when the action itself cancels something. */
  dismissLabel?: string;
  /** While the action runs the dialog stays open and cannot be confirmed twice. */
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * Asks before a consequential action. Focus starts on the way back, so a stray Enter does not
 * confirm, and returns to the button that opened the dialog when it closes.
 */
export function ConfirmDialog({
  opened,
  title,
  children,
  confirmLabel,
  confirmColor,
  dismissLabel = 'Cancel',
  loading = false,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={loading ? () => {} : onClose} title={title} centered>
      <Stack>
        {children}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={loading} data-autofocus>
            {dismissLabel}
          </Button>
          <Button color={confirmColor} loading={loading} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
