import { Button, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useRef, useState } from 'react';
import { notifyError } from '../../components/notify-error';
import { fetchAuditPage } from './api';
import {
  auditCsv,
  auditJson,
  collectAuditEvents,
  downloadFile,
  EXPORT_PAGE_SIZE,
  exportFileName,
  type ExportFormat,
  type ExportProgress,
} from './audit-export';
import { type AuditView, toAuditSearch } from './audit-view';
import { eventCount } from './event-count';

const FILES: Record<ExportFormat, { label: string; build: typeof auditCsv; type: string }> = {
  csv: { label: 'CSV', build: auditCsv, type: 'text/csv;charset=utf-8' },
  json: { label: 'JSON', build: auditJson, type: 'application/json' },
};

interface RunningExport extends ExportProgress {
  format: ExportFormat;
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
    const search = toAuditSearch({ ...view, pageSize: EXPORT_PAGE_SIZE });
    try {
      const events = await collectAuditEvents((cursor, signal) => fetchAuditPage(search, cursor, signal), {
        range: view,
        order: view.order,
        signal: abort.signal,
        onProgress: (progress) => setRunning({ format, ...progress }),
      });
      const file = FILES[format];
      downloadFile(exportFileName(view, format), file.build(events), file.type);
      notifications.show({
        title: 'Export ready',
        message: `${eventCount(events.length)} saved as ${file.label}.`,
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
            Exporting to {FILES[running.format].label}: {eventCount(running.fetched)} fetched
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
