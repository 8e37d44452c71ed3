import { Button, Group, NativeSelect, Paper, SegmentedControl, Skeleton, Stack, Title, VisuallyHidden } from '@mantine/core';
import { IconFileTypeCsv, IconJson } from '@tabler/icons-react';
import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { Page } from '../../components/page';
import type { PageData } from '../../lib/page-data';
import { auditQueries } from './api';
import { ExportProgressPanel, useAuditExport } from './audit-export-progress';
import { AuditEvents } from './audit-events';
import { AuditFilters } from './audit-filters';
import { type AuditOrder, type AuditView, completeView, isCompleteView, parseAuditSearch, toAuditSearch } from './audit-view';
import { useChainVerification, VerificationOutcome } from './chain-verification';
import { TimeRangePicker } from './time-range-picker';

const ORDERS: { label: string; value: AuditOrder }[] = [
  { label: 'Newest first', value: 'DESC' },
  { label: 'Oldest first', value: 'ASC' },
];
const PAGE_SIZES = [50, 100, 200, 500];

export const pageData: PageData = {
  errorTitle: 'The audit events could not be loaded',
  // An address without a complete range is first rewritten by the page, whose navigation loads it.
  load: async ({ queryClient, search }) => {
    const view = parseAuditSearch(search);
    if (isCompleteView(view)) await queryClient.ensureInfiniteQueryData(auditQueries.events(view));
  },
};

function Explorer({ view, onChange }: { view: AuditView; onChange: (view: AuditView) => void }) {
  const exporter = useAuditExport();
  const verification = useChainVerification(view);
  const pageSizes = [...new Set([...PAGE_SIZES, view.pageSize])].sort((a, b) => a - b).map(String);

  return (
    <>
      <Paper withBorder p="md" component="section" aria-labelledby="audit-filters-heading">
        <Stack gap="md">
          <Title id="audit-filters-heading" order={2} size="h4">
            Search
          </Title>
          <TimeRangePicker range={view} onChange={(range) => onChange({ ...view, ...range })} />
          <AuditFilters view={view} onChange={(field, values) => onChange({ ...view, [field]: values })} />
          <Group gap="lg" align="flex-end">
            <SegmentedControl aria-label="Order" data={ORDERS} value={view.order} onChange={(order) => onChange({ ...view, order })} />
            <NativeSelect
              label="Page size"
              data={pageSizes}
              value={String(view.pageSize)}
              onChange={(event) => onChange({ ...view, pageSize: Number(event.currentTarget.value) })}
            />
          </Group>
        </Stack>
      </Paper>

      <Stack gap="sm" component="section" aria-labelledby="audit-events-heading">
        <Group justify="space-between">
          <Title id="audit-events-heading" order={2} size="h4">
            Events
          </Title>
          <Group gap="xs">
            <Button variant="default" loading={verification.checking} onClick={verification.verify}>
              Verify integrity
            </Button>
            <Button
              variant="default"
              leftSection={<IconFileTypeCsv size={16} aria-hidden />}
              disabled={exporter.running !== null}
              onClick={() => void exporter.start(view, 'csv')}
            >
              Export CSV
            </Button>
            <Button
              variant="default"
              leftSection={<IconJson size={16} aria-hidden />}
              disabled={exporter.running !== null}
              onClick={() => void exporter.start(view, 'json')}
            >
              Export JSON
            </Button>
          </Group>
        </Group>
        {exporter.running && <ExportProgressPanel running={exporter.running} onCancel={exporter.cancel} />}
        {verification.outcome && <VerificationOutcome outcome={verification.outcome} onRetry={verification.verify} />}
        {/* A new search is a new list: first page, top row, no drawer left open. */}
        <AuditEvents key={toAuditSearch(view).toString()} view={view} />
      </Stack>
    </>
  );
}

export default function AuditLogPage() {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const draft = useMemo(() => parseAuditSearch(new URLSearchParams(search)), [search]);
  const view = isCompleteView(draft) ? draft : null;

  // The address is the state of the explorer. One without a range (the navigation link) or with
  // values out of order or out of bounds is rewritten in place to the canonical absolute form,
  // so that what is shown is always exactly what a copied link shows.
  useEffect(() => {
    const canonical = toAuditSearch(view ?? completeView(draft, Date.now())).toString();
    if (canonical !== search) setParams(canonical, { replace: true });
  }, [draft, view, search, setParams]);

  // Every change of the search is a new history entry, so back and forward step through them.
  const show = (next: AuditView) => {
    const nextSearch = toAuditSearch(next).toString();
    if (nextSearch !== search) setParams(nextSearch);
  };

  return (
    <Page title="Audit log" description="Who did what, and when, in this workspace. All times are in UTC.">
      {view ? (
        <Explorer view={view} onChange={show} />
      ) : (
        <Stack gap="md" role="status">
          <VisuallyHidden>Loading the audit log…</VisuallyHidden>
          <Skeleton height={220} />
        </Stack>
      )}
    </Page>
  );
}
