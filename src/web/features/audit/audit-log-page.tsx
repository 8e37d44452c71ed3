import { Button, Group, NativeSelect, Paper, Stack, Switch, Title } from '@mantine/core';
import { IconFileTypeCsv, IconJson, IconShieldCheck } from '@tabler/icons-react';
import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ActionButton } from '../../components/action-button';
import { Page } from '../../components/page';
import { ExportProgressPanel, useAuditExport } from './audit-export-progress';
import { AuditEvents } from './audit-events';
import { AuditFilters } from './audit-filters';
import { AuditHistogram } from './audit-histogram';
import { AuditSearchBox } from './audit-search-box';
import { type AuditOrder, type AuditView, completeView, isCompleteView, parseAuditSearch, toAuditAddress, toAuditSearch } from './audit-view';
import { useChainVerification, VerificationOutcome } from './chain-verification';
import { ColumnChooser, useColumns } from './columns';
import { DemoHistoryNotice } from './demo-history-notice';
import { SavedViews } from './saved-views';
import { OpeningSavedView } from './saved-view-opener';
import { TimeRangePicker } from './time-range-picker';
import { TreeHeadsDrawer } from './tree-lazy';
import { LoadingSkeleton } from '../../components/section';

const ORDERS: { label: string; value: AuditOrder }[] = [
  { label: 'Newest first', value: 'DESC' },
  { label: 'Oldest first', value: 'ASC' },
];
const PAGE_SIZES = [50, 100, 200, 500];

/** Opens the signed tree heads; a state of its own, so opening it does not draw the explorer again. */
function TreeHeadsButton() {
  const [opened, setOpened] = useState(false);
  const [asked, setAsked] = useState(false);
  return (
    <>
      <ActionButton
        operation="listAuditTreeHeads"
        variant="default"
        onClick={() => {
          setAsked(true);
          setOpened(true);
        }}
      >
        Signed tree heads
      </ActionButton>
      {asked && (
        <Suspense>
          <TreeHeadsDrawer opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      )}
    </>
  );
}

function Explorer({ view, onChange }: { view: AuditView; onChange: (view: AuditView) => void }) {
  const exporter = useAuditExport();
  const verification = useChainVerification(view);
  const columns = useColumns();
  const [liveTail, setLiveTail] = useState(false);
  // New events go on top of a list that reaches up to now: a relative range, newest first. Said
  // next to the switch when it is off, since nothing else on the page tells why.
  const whyNoTail =
    view.range === undefined
      ? 'Needs a “Last …” range: fixed times end before new events arrive'
      : view.order !== 'DESC'
        ? 'Needs newest first: new events come in on top'
        : undefined;
  const canTail = whyNoTail === undefined;
  // Kept as the same elements while only the columns, an export or the integrity check change, so
  // React skips them then: an answer of a query (the reader's columns on the first load) re-renders
  // the component that asked for it in one blocking pass, and here that would be the whole explorer.
  const searchInputs = useMemo(() => {
    const pageSizes = [...new Set([...PAGE_SIZES, view.pageSize])].sort((a, b) => a - b).map(String);
    return (
      <Stack gap="md">
        <Title id="audit-filters-heading" order={2} size="h4">
          Search
        </Title>
        <TimeRangePicker range={view} onChange={(picked) => onChange({ ...view, range: undefined, ...picked })} />
        <AuditSearchBox key={view.q} value={view.q} onChange={(q) => onChange({ ...view, q })} />
        <AuditFilters view={view} onChange={(changes) => onChange({ ...view, ...changes })} />
        <Group gap="lg" align="flex-end">
          {/* A native select, not a segmented control: that one measures the page as it mounts (about 25 ms of forced layout). */}
          <NativeSelect
            label="Order"
            data={ORDERS}
            value={view.order}
            onChange={(event) => onChange({ ...view, order: event.currentTarget.value as AuditOrder })}
          />
          <NativeSelect
            label="Page size"
            data={pageSizes}
            value={String(view.pageSize)}
            onChange={(event) => onChange({ ...view, pageSize: Number(event.currentTarget.value) })}
          />
        </Group>
      </Stack>
    );
  }, [view, onChange]);
  const histogram = useMemo(
    // A range drawn on the histogram is absolute: it leaves a relative range.
    () => <AuditHistogram view={view} onRange={(picked) => onChange({ ...view, range: undefined, ...picked })} />,
    [view, onChange],
  );

  return (
    <>
      <DemoHistoryNotice />
      <Paper withBorder p="md" component="section" aria-labelledby="audit-filters-heading">
        {searchInputs}
        <SavedViews filters={toAuditAddress(view).toString()} columns={columns.shown} />
      </Paper>

      <Stack gap="sm" component="section" aria-labelledby="audit-events-heading">
        <Group justify="space-between">
          <Title id="audit-events-heading" order={2} size="h4">
            Events
          </Title>
          <Group gap="xs">
            <Switch
              label="Live tail"
              description={whyNoTail}
              checked={liveTail && canTail}
              disabled={!canTail}
              onChange={(event) => setLiveTail(event.currentTarget.checked)}
            />
            <ColumnChooser columns={columns} />
            <ActionButton operation="verifyAuditChain" variant="default" loading={verification.checking} onClick={verification.verify}>
              Verify integrity
            </ActionButton>
            <TreeHeadsButton />
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
            <Button
              variant="default"
              leftSection={<IconShieldCheck size={16} aria-hidden />}
              disabled={exporter.running !== null}
              title="JSON with the signed tree head and each event's inclusion proof, for a verifier with no service (docs: Verifying offline)"
              onClick={() => void exporter.start(view, 'proofs')}
            >
              Export with proofs
            </Button>
          </Group>
        </Group>
        {exporter.running && <ExportProgressPanel running={exporter.running} onCancel={exporter.cancel} />}
        {verification.outcome && <VerificationOutcome outcome={verification.outcome} onRetry={verification.verify} />}
        {histogram}
        {/* A new search is a new list: first page, top row, no drawer left open. */}
        <AuditEvents key={toAuditSearch(view).toString()} view={view} columns={columns} liveTail={liveTail && canTail} />
      </Stack>
    </>
  );
}

export default function AuditLogPage() {
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  // The moment a relative range is resolved at: when the address is read, and again whenever a
  // relative preset is picked (even the one shown, which brings it up to now).
  const [now, setNow] = useState(Date.now);
  const savedViewId = params.get('view');
  const draft = useMemo(() => parseAuditSearch(new URLSearchParams(search), now), [search, now]);
  const view = isCompleteView(draft) ? draft : null;

  // The address is the state of the explorer. One without a range (the navigation link) or with
  // values out of order or out of bounds is rewritten in place to the canonical form (a relative
  // range stays relative), so that what is shown is always exactly what a copied link shows. A saved
  // view's address (`?view=<id>`) is left to the saved view, which replaces it with its search.
  useEffect(() => {
    if (savedViewId !== null) return;
    const canonical = toAuditAddress(view ?? completeView(draft, Date.now())).toString();
    if (canonical !== search) setParams(canonical, { replace: true });
  }, [draft, view, search, setParams, savedViewId]);

  // Every change of the search is a new history entry, so back and forward step through them.
  const show = useCallback(
    (next: AuditView) => {
      if (next.range) setNow(Date.now());
      const nextSearch = toAuditAddress(next).toString();
      if (nextSearch !== search) setParams(nextSearch);
    },
    [search, setParams],
  );

  return (
    <Page title="Audit log" description="Who did what, and when, in this workspace. All times are in UTC.">
      {savedViewId !== null ? (
        <OpeningSavedView id={savedViewId} onOpened={(filters) => setParams(filters, { replace: true })} />
      ) : view ? (
        <Explorer view={view} onChange={show} />
      ) : (
        <LoadingSkeleton label="Loading the audit log…" heights={[220]} gap="md" />
      )}
    </Page>
  );
}
