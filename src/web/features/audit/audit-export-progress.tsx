import { Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import { notifyError } from '../../components/notify-error';
import type { ExportFormat, ExportProgress } from './audit-export';
import type { AuditView } from './audit-view';
import { eventCount } from './event-count';

const LABELS: Record<ExportFormat, string> = { csv: 'CSV', json: 'JSON', proofs: 'JSON with proofs' };

interface RunningExport extends ExportProgress {
  format: ExportFormat;
}

/** The events of an export with proofs that it could not prove yet, each kind said apart ("" when none). */
function unproved({ notYetProvable, waitingToBeSequenced }: { notYetProvable: number; waitingToBeSequenced: number }): string {
  return [
    notYetProvable > 0 ? `; ${eventCount(notYetProvable)} newer than it, listed as not yet provable` : '',
    waitingToBeSequenced > 0 ? `; ${eventCount(waitingToBeSequenced)} waiting to be sequenced (no place in the log yet), listed as such` : '',
  ].join('');
}

/**
 * Exports every event of a view, not only the rows loaded on screen, and downloads the file. One
 * export at a time; leaving the page cancels it.
 */
export function useAuditExport() {
  const [running, setRunning] = useState<RunningExport | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  async function start(view: AuditView, format: ExportFormat) {
    const abort = new AbortController();
    controller.current = abort;
    setRunning({ format, fetched: 0, covered: 0 });
    try {
      // The export's code is loaded when one starts: the explorer's first screen carries none of it.
      const { runAuditExport } = await import('./audit-export-run');
      const done = await runAuditExport(view, format, abort.signal, (progress) => setRunning({ format, ...progress }));
      const proved = done.proved ? ` Proofs against the signed tree head of ${eventCount(done.proved.treeSize)}${unproved(done.proved)}.` : '';
      notifications.show({
        title: 'Export ready',
        message: `${eventCount(done.events)} saved as ${LABELS[format]}.${proved}`,
        color: 'teal',
      });
    } catch (error) {
      // A cancelled export is what the user asked for, not a failure.
      if (!abort.signal.aborted) notifyError('The export failed', error);
    } finally {
      controller.current = null;
      setRunning(null);
    }
  }

  return { running, start, cancel: () => controller.current?.abort() };
}

export function ExportProgressPanel({ running, onCancel }: { running: RunningExport; onCancel: () => void }) {
  const percent = Math.round(running.covered * 100);
  return (
    <Paper withBorder p="sm">
      <Stack gap="xs">
        <Group justify="space-between">
          <Text size="sm" aria-live="polite">
            Exporting to {LABELS[running.format]}: {eventCount(running.fetched)} fetched
          </Text>
          <Button size="xs" variant="light" color="red" onClick={onCancel}>
            Cancel export
          </Button>
        </Group>
        <Progress value={percent} animated aria-label="Export progress through the time range" />
      </Stack>
    </Paper>
  );
}
