import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation, useNavigate } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuditLogData } from '../../../contract/audit';
import { DEFAULT_AUDIT_COLUMNS } from '../../../contract/audit-views';
import { signInAs } from '../../test/fake-service';
import { renderAt } from '../../test/render';
import { jsonResponse } from '../../test/service';
import AuditLogPage from './audit-log-page';

const START = Date.UTC(2026, 0, 1);
const END = Date.UTC(2026, 0, 31);
const RANGE = `startTime=${START}&endTime=${END}`;
const DAY_MS = 24 * 60 * 60 * 1000;

const makeEvent = (n: number, extra: Partial<AuditLogData> = {}): AuditLogData => ({
  id: `event-${n}`,
  timestamp: END - n * 60_000,
  createdAt: END - n * 60_000,
  user: 'Ada Admin',
  userId: 'user-ada',
  category: 'Security',
  subject: 'Sign-in',
  event: 'Signed in',
  tenantId: 'workspace-1',
  requestId: `request-${n}`,
  sourceAddress: '203.0.113.10',
  detail: {},
  hash: `hash-${n}`,
  ...extra,
});

/** Pages of `size` events, `pages` of them, chained by cursors c1, c2, …; the last has no next. */
function pagedEvents(size: number, pages: number, first: AuditLogData[] = []) {
  return (cursor: string | null) => {
    const index = cursor ? Number(cursor.slice(1)) : 0;
    const data = Array.from({ length: size }, (_, i) => makeEvent(index * size + i));
    if (index === 0) data.splice(0, first.length, ...first);
    const next = index + 1 < pages ? `c${index + 1}` : null;
    return { data, next, cursor: next, total: data.length };
  };
}

const dimensions = { category: ['Security'], subject: ['Sign-in'], event: ['Signed in'], user: ['Ada Admin'], userId: ['user-ada'] };

/** The workspace's people, whose names and roles the user column shows. */
const people = { people: [{ id: 'user-ada', name: 'Ada Admin', kind: 'user', role: 'ADMIN' }] };

/** A fake service for the audit endpoints; returns the fetch mock to inspect what was asked. */
function serve(page: (cursor: string | null, params: URLSearchParams) => unknown, verify?: unknown) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://console.test');
    if (url.pathname.endsWith('/dimensions')) return jsonResponse(200, dimensions);
    if (url.pathname === '/v1/console/people') return jsonResponse(200, people);
    if (url.pathname.endsWith('/verify')) return jsonResponse(200, verify);
    if (url.pathname.endsWith('/histogram')) return jsonResponse(200, { startTime: START, endTime: END, bucketMs: DAY_MS, total: 0, buckets: [] });
    if (url.pathname.endsWith('/preferences')) return jsonResponse(200, { columns: DEFAULT_AUDIT_COLUMNS });
    if (url.pathname.endsWith('/views')) return jsonResponse(200, { data: [] });
    return jsonResponse(200, page(url.searchParams.get('pageCursor'), url.searchParams));
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

/** The event-list requests made so far, as search strings. */
const listCalls = (fetch: ReturnType<typeof serve>) =>
  fetch.mock.calls
    .map(([input]) => new URL(String(input), 'http://console.test'))
    .filter((url) => url.pathname === '/v1/management/audit_logs')
    .map((url) => url.search);

function Location() {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output data-testid="search">{location.search}</output>
      <button onClick={() => void navigate(-1)}>Browser back</button>
    </>
  );
}

const currentSearch = () => new URLSearchParams(screen.getByTestId('search').textContent ?? '');

function renderPage(search: string) {
  const user = userEvent.setup();
  renderAt(
    <>
      <AuditLogPage />
      <Location />
    </>,
    `/audit?${search}`,
  );
  return user;
}

const grid = () => screen.findByRole('grid', { name: 'Audit events' });
/** Rendered event rows, without the header row (the spacer rows are hidden from the accessibility tree). */
const eventRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

// jsdom does no layout: give the table's scrolling box a height and each row one, as a browser would.
const layout = {
  clientHeight: Object.getOwnPropertyDescriptor(Element.prototype, 'clientHeight')!,
  offsetHeight: Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight')!,
};
beforeAll(() => {
  Object.defineProperty(Element.prototype, 'clientHeight', { configurable: true, get: () => 600 });
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', { configurable: true, get: () => 56 });
});
afterAll(() => {
  Object.defineProperty(Element.prototype, 'clientHeight', layout.clientHeight);
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', layout.offsetHeight);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('AuditLogPage', () => {
  it('asks the service for exactly what the address says and renders only the rows in view', async () => {
    const fetch = serve(pagedEvents(200, 3));
    renderPage(`${RANGE}&category=Security&category=Trading&user=Ada+Admin`);

    const table = await grid();
    expect(listCalls(fetch)).toEqual([`?${RANGE}&category=Security&category=Trading&user=Ada+Admin`]);
    expect(screen.getByText('200 events loaded, more available')).toBeInTheDocument();
    const rendered = eventRows(table);
    expect(rendered.length).toBeGreaterThan(5);
    expect(rendered.length).toBeLessThan(40);
    expect(rendered[0]).toHaveTextContent('2026-01-31 00:00:00 UTC');
    // The user by name and role; the id is for the event's drawer.
    await waitFor(() => expect(rendered[0]).toHaveTextContent('Ada Admin Admin'));
    expect(rendered[0]).not.toHaveTextContent('user-ada');
    expect(rendered[0]).toHaveTextContent('Security / Sign-in / Signed in');
  });

  it('loads the next page, with the cursor of the last one, when the table is scrolled near its end', async () => {
    const fetch = serve(pagedEvents(200, 2));
    renderPage(RANGE);
    const table = await grid();
    const scroller = table.parentElement!;

    await act(async () => {
      scroller.scrollTop = 200 * 56 - 600;
      fireEvent.scroll(scroller);
    });

    expect(await screen.findByText('400 events loaded')).toBeInTheDocument();
    expect(listCalls(fetch)).toEqual([`?${RANGE}`, `?${RANGE}&pageCursor=c1`]);
    // The cursor is loading state, kept with the query, never in the address.
    expect(currentSearch().toString()).toBe(RANGE);
    // Still only what is in view, now near the end.
    expect(eventRows(table).length).toBeLessThan(40);
    expect(within(table).getByText('2026-01-30 20:40:00 UTC')).toBeInTheDocument();
  });

  it('opens an address that names no range on the last 24 hours, relative, in place, which the live tail follows', async () => {
    const fetch = serve(pagedEvents(10, 1));
    renderPage('category=Security');

    await grid();
    expect(currentSearch().toString()).toBe('range=24h&category=Security');
    const asked = new URLSearchParams(listCalls(fetch)[0]);
    expect(Number(asked.get('endTime')) - Number(asked.get('startTime'))).toBe(DAY_MS);
    expect(screen.getByRole('switch', { name: /^Live tail/ })).toBeEnabled();
  });

  it('says next to the live tail why a range with fixed times cannot follow new events', async () => {
    serve(pagedEvents(10, 1));
    renderPage(RANGE);

    await grid();
    const tail = screen.getByRole('switch', { name: /^Live tail/ });
    expect(tail).toBeDisabled();
    expect(tail).toHaveAccessibleDescription(/fixed times/);
  });

  it('starts a changed search at its first page, and going back shows the previous one from the cache', async () => {
    const fetch = serve(pagedEvents(200, 3));
    const user = renderPage(RANGE);
    await grid();

    await user.click(screen.getByRole('combobox', { name: 'Category' }));
    await user.click(await screen.findByRole('option', { name: 'Trading' }));

    await waitFor(() => expect(currentSearch().getAll('category')).toEqual(['Trading']));
    await waitFor(() => expect(listCalls(fetch)).toEqual([`?${RANGE}`, `?${RANGE}&category=Trading`]));

    await user.click(screen.getByRole('button', { name: 'Browser back' }));
    await waitFor(() => expect(currentSearch().getAll('category')).toEqual([]));
    expect(await screen.findByText('200 events loaded, more available')).toBeInTheDocument();
    expect(listCalls(fetch)).toHaveLength(2);
  });

  it('builds a filter’s options only when it opens, and lists the oldest events first when asked', async () => {
    const fetch = serve(pagedEvents(10, 1));
    const user = renderPage(RANGE);
    await grid();

    // Mantine keeps a closed list mounted, hidden; the console's theme does not: five hidden lists
    // were rendered and placed by floating-ui during the explorer's first load.
    expect(screen.queryAllByRole('listbox', { hidden: true })).toEqual([]);
    await user.click(screen.getByRole('combobox', { name: 'Category' }));
    expect(await screen.findByRole('option', { name: 'Trading' })).toBeInTheDocument();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Order' }), 'Oldest first');
    await waitFor(() => expect(currentSearch().get('order')).toBe('ASC'));
    await waitFor(() => expect(listCalls(fetch)).toEqual([`?${RANGE}`, `?${RANGE}&order=ASC`]));
  });

  it('keeps a relative preset relative in the address, and asks the service for the times it means now', async () => {
    const fetch = serve(pagedEvents(10, 1));
    const user = renderPage(RANGE);
    await grid();

    const picked = Date.now();
    await user.click(screen.getByRole('button', { name: 'Last 7 days' }));

    await waitFor(() => expect(currentSearch().toString()).toBe('range=7d'));
    expect(screen.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(listCalls(fetch)).toHaveLength(2));
    const seen = Date.now();
    const asked = new URLSearchParams(listCalls(fetch)[1]);
    expect(Number(asked.get('endTime')) - Number(asked.get('startTime'))).toBe(7 * DAY_MS);
    // It ends at the end of the second the preset was picked in: between the click and the call
    // seen. Not "within 5 s of now", which a loaded machine outlasted (5,392 ms).
    expect(Number(asked.get('endTime'))).toBeGreaterThanOrEqual(picked);
    expect(Number(asked.get('endTime'))).toBeLessThanOrEqual(Math.ceil(seen / 1000) * 1000);

    // An absolute range typed afterwards replaces it with times.
    await user.click(screen.getByRole('button', { name: 'Apply range' }));
    await waitFor(() => expect(currentSearch().get('range')).toBeNull());
    expect(Number(currentSearch().get('endTime')) - Number(currentSearch().get('startTime'))).toBe(7 * DAY_MS);
  });

  it('shows the range as every moment is shown, applies one typed in that format or shorter, and says what it cannot read', async () => {
    serve(pagedEvents(10, 1));
    const user = renderPage(RANGE);
    await grid();
    const start = screen.getByLabelText('Start (UTC)');
    const end = screen.getByLabelText('End (UTC)');
    expect(start).toHaveValue('2026-01-01 00:00:00 UTC');
    expect(end).toHaveValue('2026-01-31 00:00:00 UTC');
    expect(start).toHaveAccessibleDescription('e.g. 2026-01-31 14:00:00 UTC');

    await user.clear(start);
    await user.type(start, '2026-02-01 00:00');
    await user.click(screen.getByRole('button', { name: 'Apply range' }));
    expect(await screen.findByText('The end must be after the start')).toBeInTheDocument();
    expect(currentSearch().get('startTime')).toBe(String(START));

    // The browser's own way of writing a day is not the console's: said so, and nothing applied.
    await user.clear(end);
    await user.type(end, '02/03/2026 12:30');
    await user.click(screen.getByRole('button', { name: 'Apply range' }));
    expect(end).toHaveAccessibleDescription(
      '“02/03/2026 12:30” is not a date and time: write it as 2026-01-31 14:00:00 UTC (the seconds and “UTC” may be left out) e.g. 2026-01-31 14:00:00 UTC',
    );
    expect(end).toHaveAttribute('aria-invalid', 'true');
    expect(currentSearch().get('endTime')).toBe(String(END));

    await user.clear(end);
    await user.type(end, '2026-02-03 12:30:00.250 UTC');
    await user.click(screen.getByRole('button', { name: 'Apply range' }));
    await waitFor(() => expect(currentSearch().toString()).toBe(`startTime=${Date.UTC(2026, 1, 1)}&endTime=${Date.UTC(2026, 1, 3, 12, 30, 0, 250)}`));
    expect(screen.getByLabelText('End (UTC)')).toHaveValue('2026-02-03 12:30:00 UTC');
    // Applied again as shown, it keeps the milliseconds the text leaves out.
    await user.click(screen.getByRole('button', { name: 'Apply range' }));
    expect(currentSearch().get('endTime')).toBe(String(Date.UTC(2026, 1, 3, 12, 30, 0, 250)));
  });

  it('moves between rows with the arrow keys and j/k, opens the focused one with Enter and closes it with Escape', async () => {
    serve(
      pagedEvents(50, 1, [
        makeEvent(0),
        makeEvent(1, {
          category: 'Compliance',
          subject: 'Screening',
          event: 'Updated',
          detail: { before: { disableBypass: false }, after: { disableBypass: true }, reason: 'quarterly review' },
        }),
      ]),
    );
    const user = renderPage(RANGE);
    const table = await grid();
    const rows = eventRows(table);

    await user.click(rows[0]!);
    expect(await screen.findByRole('dialog', { name: 'Event details' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(rows[0]).toHaveFocus());

    await user.keyboard('{ArrowDown}');
    expect(rows[1]).toHaveFocus();
    await user.keyboard('j');
    expect(rows[2]).toHaveFocus();
    await user.keyboard('k');
    expect(rows[1]).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(rows[0]).toHaveFocus();
    await user.keyboard('{ArrowDown}{Enter}');

    const dialog = await screen.findByRole('dialog', { name: 'Event details' });
    expect(within(dialog).getByText('Compliance / Screening / Updated')).toBeInTheDocument();
    expect(within(dialog).getByText('event-1')).toBeInTheDocument();
    expect(within(dialog).getByText('request-1')).toBeInTheDocument();
    // The detail view is where the user's id shows, with a button that copies it.
    expect(within(dialog).getByText('user-ada')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Copy user id' })).toBeInTheDocument();
    const change = within(dialog).getByRole('table', { name: 'Values before and after the change' });
    expect(within(change).getByRole('row', { name: 'disableBypass false true' })).toBeInTheDocument();
    expect(within(dialog).getByText('quarterly review')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Copy JSON' })).toBeInTheDocument();
    expect(dialog).toHaveTextContent('"hash": "hash-1"');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(rows[1]).toHaveFocus());
  });

  it('has one person filter that suggests people by name and role, never a raw id, and filters by the id picked', async () => {
    dimensions.userId = ['user-ada', 'user-gone'];
    try {
      serve(pagedEvents(5, 1));
      const user = renderPage(RANGE);
      await grid();

      expect(screen.queryByRole('combobox', { name: /^User/ })).not.toBeInTheDocument();
      await user.click(screen.getByRole('combobox', { name: /Person/ }));
      expect(await screen.findByRole('option', { name: 'Ada Admin (Admin)' })).toBeInTheDocument();
      expect(screen.queryByRole('option', { name: 'user-gone' })).not.toBeInTheDocument();
      await user.click(screen.getByRole('option', { name: 'Ada Admin (Admin)' }));
      await waitFor(() => expect(currentSearch().getAll('userId')).toEqual(['user-ada']));
    } finally {
      dimensions.userId = ['user-ada'];
    }
  });

  it('keeps the recorded name and the unknown id of an older link in the person filter, still asked as user and userId', async () => {
    const fetch = serve(pagedEvents(5, 1));
    const user = renderPage(`${RANGE}&user=Doe%2C+Jane&userId=user-gone`);
    await grid();

    expect(listCalls(fetch)).toEqual([`?${RANGE}&user=Doe%2C+Jane&userId=user-gone`]);
    const person = screen.getByRole('combobox', { name: /Person/ });
    const pills = person.closest('.mantine-MultiSelect-root') as HTMLElement;
    expect(within(pills).getByText('“Doe, Jane”, as recorded')).toBeInTheDocument();
    expect(within(pills).getByText('user-gone')).toBeInTheDocument();

    // Backspace takes off the last pill, the recorded name.
    await user.click(person);
    await user.keyboard('{Backspace}');
    await waitFor(() => expect(currentSearch().getAll('user')).toEqual([]));
    expect(currentSearch().getAll('userId')).toEqual(['user-gone']);
  });

  it('asks for a search’s counts once its list is drawn, and aborts them when the text replaces the search', async () => {
    const fetch = serve(pagedEvents(5, 1));
    const served = fetch.getMockImplementation()!;
    const histograms = new Map<string, AbortSignal>();
    let answerList = () => {};
    const listHeld = new Promise<void>((resolve) => (answerList = resolve));
    fetch.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://console.test');
      const q = url.searchParams.get('q');
      if (url.pathname.endsWith('/histogram')) {
        // Counts never arrive: only an abort ends the request, as it would end a slow one.
        const signal = init!.signal!;
        histograms.set(q ?? '', signal);
        return new Promise<Response>((_, reject) => signal.addEventListener('abort', () => reject(signal.reason as Error)));
      }
      if (q === 'alpha' && url.pathname === '/v1/management/audit_logs') await listHeld;
      return served(input);
    });
    const user = renderPage(RANGE);
    await grid();

    const text = () => screen.getByRole('textbox', { name: 'Text' });
    await user.type(text(), 'alpha{Enter}');
    await waitFor(() => expect(listCalls(fetch)).toContain(`?${RANGE}&q=alpha`));
    // The list goes first: the counts are not asked for (and so cannot queue ahead of it) until it is in.
    expect(histograms.has('alpha')).toBe(false);
    answerList();
    await waitFor(() => expect(histograms.has('alpha')).toBe(true));
    expect(await screen.findByText('5 events loaded')).toBeInTheDocument();
    expect(histograms.get('alpha')!.aborted).toBe(false);

    // The box is drawn anew for the search it applied.
    await user.clear(text());
    await user.type(text(), 'beta{Enter}');
    await waitFor(() => expect(histograms.has('beta')).toBe(true));
    expect(histograms.get('alpha')!.aborted).toBe(true);
  });

  it('says that the filters matched nothing', async () => {
    serve(() => ({ data: [], next: null, cursor: null, total: 0 }));
    renderPage(`${RANGE}&user=Nobody`);

    expect(await screen.findByText('No events match these filters')).toBeInTheDocument();
    expect(screen.getByText(/Remove a filter or widen the time range/)).toBeInTheDocument();
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
  });

  it('shows a refusal of the service with its request id', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(400, { message: 'startTime must be at most one year before the current time', code: 400 }, 'req-audit-1')),
    );
    renderPage(RANGE);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The audit events could not be loaded');
    expect(alert).toHaveTextContent('startTime must be at most one year before the current time');
    expect(alert).toHaveTextContent('req-audit-1');
  });

  it('verifies the chain of the range shown and says how many events were checked', async () => {
    // Verify integrity is offered to the roles that may run the check: an auditor is signed in.
    await signInAs('AUDITOR');
    const fetch = serve(pagedEvents(10, 1), {
      verified: true,
      checked: 12345,
      pending: 2,
      startTime: START,
      endTime: END,
      firstBrokenEventId: null,
      reason: null,
    });
    const user = renderPage(`${RANGE}&category=Security`);
    await grid();

    await user.click(screen.getByRole('button', { name: 'Verify integrity' }));

    expect(await screen.findByText('Integrity verified')).toBeInTheDocument();
    expect(screen.getByText(/^The hash chain of all 12,345 events from/)).toHaveTextContent(
      /all 12,345 events from 2026-01-01 00:00:00 UTC \(\d+ \w+ ago\) to 2026-01-31 00:00:00 UTC \(\d+ \w+ ago\) is intact/,
    );
    expect(screen.getByText(/^The hash chain of all 12,345 events from/)).toHaveTextContent(
      /2 events written in that time wait to be sequenced; they join the chain within seconds and are checked then\.$/,
    );
    expect(fetch).toHaveBeenCalledWith(`/v1/management/audit_logs/verify?${RANGE}`, expect.anything());
  });

  it('exports every page of the search, not only the loaded rows, as one CSV file', async () => {
    const fetch = serve((cursor, params) => pagedEvents(Number(params.get('pageSize') ?? 200), 3)(cursor));
    const files: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (blob: Blob) => (files.push(blob), 'blob:export'), revokeObjectURL: () => {} }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const user = renderPage(`${RANGE}&category=Security`);
    await grid();

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    await waitFor(() => expect(files).toHaveLength(1));
    expect(listCalls(fetch).slice(1)).toEqual([
      `?${RANGE}&category=Security&pageSize=500`,
      `?${RANGE}&category=Security&pageSize=500&pageCursor=c1`,
      `?${RANGE}&category=Security&pageSize=500&pageCursor=c2`,
    ]);
    const lines = (await files[0]!.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe('id,timestamp,user,userId,category,subject,event,requestId,sourceAddress,detail');
    expect(lines).toHaveLength(1 + 1500);
    expect(click).toHaveBeenCalledTimes(1);
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('audit-log_20260101T000000Z_20260131T000000Z.csv');
    click.mockRestore();
  });
});
