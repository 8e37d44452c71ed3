import { spawnSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { AuditLogsResponse } from '../src/contract/audit';
import { SavedView } from '../src/contract/audit-views';
import { utcText } from '../src/web/lib/time-text';
import { seriousViolations } from './axe';
import { expect, test } from './fixtures';
import { AuditLogPage, parseCsv } from './pages/audit-log-page';
import { ConsoleShell } from './pages/console-shell';
import { resizeTo } from './viewport';

test.use({ signedInAs: 'auditor' });

const DAY_MS = 24 * 60 * 60 * 1000;
const CATEGORIES = ['Security', 'Transactions'];

/**
 * A range that has ended before the test began: the spec's own sign-ins and steps write events as
 * it runs, which must not change what this search finds.
 */
function settledRange() {
  const endTime = Math.floor(Date.now() / 60_000) * 60_000 - 60_000;
  return { startTime: endTime - 30 * DAY_MS, endTime };
}

/** The ids the service itself returns for a search, every page of it, in order. */
async function idsFromService(request: APIRequestContext, token: string, search: URLSearchParams): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const params = new URLSearchParams(search);
    params.set('pageSize', '500');
    if (cursor) params.set('pageCursor', cursor);
    const answer = await request.get(`/v1/management/audit_logs?${params}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(answer.status()).toBe(200);
    const page = AuditLogsResponse.parse(await answer.json());
    ids.push(...page.data.map((event) => event.id));
    cursor = page.next;
  } while (cursor);
  return ids;
}

test('an auditor searches, opens an event, shares the link and exports exactly what the search finds', async ({ page, context }) => {
  const shell = new ConsoleShell(page);
  const audit = new AuditLogPage(page);

  const session = await shell.startOn('Audit log', '/audit');
  // The address names no range; the explorer writes the last 24 hours, relative, into it.
  await expect(page).toHaveURL(/\/audit\?range=24h$/);

  // Two categories and one person (the auditor, whose sign-ins are in the demo history) over 30 days.
  const range = settledRange();
  const userName = session.user.name;
  await audit.setRange(range.startTime, range.endTime);
  await audit.chooseCategories(CATEGORIES);
  await audit.pickPerson(userName, session.user.role);

  const search = new URLSearchParams({ startTime: String(range.startTime), endTime: String(range.endTime) });
  for (const category of CATEGORIES) search.append('category', category);
  search.append('userId', session.user.id);
  await expect(page).toHaveURL(`/audit?${search}`);

  const expected = await idsFromService(page.request, session.accessToken, search);
  expect(expected.length, 'the demo history should give this search more than one page').toBeGreaterThan(200);

  // The first page is shown in the service's order, and only the rows in view are in the DOM.
  await expect(audit.rows.first()).toHaveAttribute('data-event-id', expected[0]!);
  await expect(audit.count).toHaveText('200 events loaded, more available');
  const firstRows = await audit.firstRows(10);
  expect(firstRows.map((row) => row.id)).toEqual(expected.slice(0, 10));
  for (const row of firstRows) expect(row.text).toContain(userName);
  const inDom = await audit.rows.count();
  console.log(`audit explorer: ${expected.length} events match; ${inDom} rows in the DOM with 200 loaded`);
  expect(inDom).toBeGreaterThan(5);
  expect(inDom).toBeLessThan(60);

  // Scrolling to the end loads the rest, still without rendering it all.
  await expect(async () => {
    await audit.scrollTo('end');
    expect(await audit.loadedCount()).toEqual({ loaded: expected.length, more: false });
  }).toPass({ timeout: 20_000 });
  await audit.scrollTo('end');
  await expect(audit.rows.last()).toHaveAttribute('data-event-id', expected.at(-1)!);
  expect(await audit.rows.count()).toBeLessThan(60);

  // Open an event from the top: the drawer shows its fields; Escape closes it.
  await audit.scrollTo('start');
  await expect(audit.rows.first()).toHaveAttribute('data-event-id', expected[0]!);
  await audit.rows.first().click();
  await expect(audit.drawer).toBeVisible();
  await expect(audit.drawer).toContainText(expected[0]!);
  await expect(audit.drawer).toContainText(userName);
  await expect(audit.drawer.getByRole('button', { name: 'Copy JSON' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(audit.drawer).toBeHidden();
  // The keyboard takes over from the row that was open.
  await expect(audit.rows.first()).toBeFocused();
  await page.keyboard.press('j');
  await page.keyboard.press('Enter');
  await expect(audit.drawer).toContainText(expected[1]!);
  await page.keyboard.press('Escape');
  await expect(audit.drawer).toBeHidden();
  // Focus is back on the row that was open (the drawer gives it back once it has closed, which on a
  // loaded machine came after the End below had moved it, and took it back from the last row).
  await expect(audit.grid.locator(`tr[data-event-id="${expected[1]}"]`)).toBeFocused();
  // A jump to the last loaded event brings it into view and focus, and back to the first.
  await page.keyboard.press('End');
  const last = audit.grid.locator(`tr[data-event-id="${expected.at(-1)}"]`);
  await expect(last).toBeFocused();
  await expect(last).toBeInViewport();
  await page.keyboard.press('Home');
  await expect(audit.rows.first()).toBeFocused();
  await expect(audit.rows.first()).toBeInViewport();

  // The address alone reproduces the view in another tab.
  const shared = await context.newPage();
  await shared.goto(page.url());
  const sharedAudit = new AuditLogPage(shared);
  await expect(sharedAudit.rows.first()).toHaveAttribute('data-event-id', expected[0]!);
  await expect(sharedAudit.count).toHaveText('200 events loaded, more available');
  expect(await sharedAudit.firstRows(10)).toEqual(await audit.firstRows(10));
  await shared.close();

  // The chain of the range verifies.
  await audit.verifyButton.click();
  await expect(page.getByText('Integrity verified')).toBeVisible({ timeout: 30_000 });

  // The export holds every event of the search, in order, however many the table loaded.
  const started = Date.now();
  const download = page.waitForEvent('download');
  await audit.exportCsvButton.click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^audit-log_\d{8}T\d{6}Z_\d{8}T\d{6}Z\.csv$/);
  const rows = parseCsv(await readFile((await file.path())!, 'utf8'));
  console.log(`audit explorer: exported ${rows.length - 1} events to CSV in ${Date.now() - started} ms`);
  expect(rows[0]).toEqual(['id', 'timestamp', 'user', 'userId', 'category', 'subject', 'event', 'requestId', 'sourceAddress', 'detail']);
  const exported = rows.slice(1);
  expect(exported.map((row) => row[0])).toEqual(expected);
  for (const row of exported) {
    expect(row).toHaveLength(10);
    expect(row[2]).toBe(userName);
    expect(row[3]).toBe(session.user.id);
    expect(CATEGORIES).toContain(row[4]);
    expect(() => JSON.parse(row[9]!)).not.toThrow();
  }

  // With proofs: the standalone verifier, with no service, proves each of those events against the signed head.
  const proofsDownload = page.waitForEvent('download');
  await audit.exportProofsButton.click();
  const proofsFile = await proofsDownload;
  expect(proofsFile.suggestedFilename()).toMatch(/^audit-log_\d{8}T\d{6}Z_\d{8}T\d{6}Z_with-proofs\.json$/);
  const verifier = new URL('../scripts/verify-audit-export.mjs', import.meta.url).pathname;
  const verified = spawnSync(process.execPath, [verifier, (await proofsFile.path())!], { encoding: 'utf8' });
  expect(verified.stdout).toContain(
    `Events checked: ${expected.length}; proven: ${expected.length}; not yet provable: 0; waiting to be sequenced: 0; failed: 0`,
  );
  expect(verified.status).toBe(0);

  // Back and forward step through the searches.
  await page.goBack();
  await expect(page).not.toHaveURL(/[?&]userId=/);
  await page.goForward();
  await expect(page).toHaveURL(`/audit?${search}`);
  await expect(audit.rows.first()).toHaveAttribute('data-event-id', expected[0]!);
});

test('the audit explorer has no serious accessibility problems, in light and dark and with an event open', async ({ page }) => {
  // Three axe passes over a long form and a grid take several seconds each on a busy machine.
  const audit = new AuditLogPage(page);
  const range = settledRange();
  await new ConsoleShell(page).start(`/audit?startTime=${range.endTime - DAY_MS}&endTime=${range.endTime}`);
  await expect(audit.rows.first()).toBeVisible();

  expect(await seriousViolations(page)).toEqual([]);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
  expect(await seriousViolations(page)).toEqual([]);
  await audit.rows.first().click();
  await expect(audit.drawer).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the When (UTC) column shows its whole text, relative time included, at common screen widths', async ({ page }) => {
  const audit = new AuditLogPage(page);
  const range = settledRange();
  await resizeTo(page, { width: 1440, height: 900 });
  await new ConsoleShell(page).start(`/audit?startTime=${range.startTime}&endTime=${range.endTime}`);
  await expect(audit.rows.first()).toBeVisible({ timeout: 30_000 });

  for (const width of [1440, 1280, 1920]) {
    await resizeTo(page, { width, height: 900 });
    // The first cell of a row is its time; its text box is what truncates when it is too narrow.
    const cell = audit.rows.first().locator('td').first().locator('p');
    await expect(cell).toContainText(/ UTC \((just now|\d+ \w+ ago)\)$/);
    const clipped = await cell.evaluate((text) => ({ scroll: text.scrollWidth, client: text.clientWidth }));
    expect(clipped.scroll, `at ${width} px`).toBeLessThanOrEqual(clipped.client);
  }
});

test("the range, the rows and an event's details write a moment one way, and the range takes what it shows", async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const audit = new AuditLogPage(page);
  const range = settledRange();
  const session = await new ConsoleShell(page).start(`/audit?startTime=${range.startTime}&endTime=${range.endTime}`);
  await expect(audit.rows.first()).toBeVisible({ timeout: 30_000 });

  // The inputs show the range as the rows show their times, and say so.
  const start = page.getByLabel('Start (UTC)');
  const end = page.getByLabel('End (UTC)');
  await expect(start).toHaveValue(utcText(range.startTime));
  await expect(end).toHaveValue(utcText(range.endTime));
  await expect(start).toHaveAccessibleDescription('e.g. 2026-01-31 14:00:00 UTC');
  await expect(audit.rows.first().locator('td').first()).toContainText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC \(/);

  // A moment written another way is refused, saying how to write it; nothing is searched.
  const url = page.url();
  await start.fill('11/27/2026 19:48');
  await page.getByRole('button', { name: 'Apply range' }).click();
  await expect(start).toHaveAttribute('aria-invalid', 'true');
  await expect(start).toHaveAccessibleDescription(/^“11\/27\/2026 19:48” is not a date and time: write it as 2026-01-31 14:00:00 UTC/);
  expect(page.url()).toBe(url);

  // Typed as the hint says, seconds and "UTC" left out, it is taken, and shown written out.
  const dayBefore = range.endTime - DAY_MS;
  await start.fill(utcText(dayBefore).slice(0, 16));
  await page.getByRole('button', { name: 'Apply range' }).click();
  await expect(page).toHaveURL(`/audit?startTime=${dayBefore}&endTime=${range.endTime}`);
  await expect(start).toHaveValue(utcText(dayBefore));

  // A saved view's creation records the view, whose times are ISO text: its event shows them as
  // moments, and the copy button gives the value as recorded.
  const headers = { Authorization: `Bearer ${session.accessToken}` };
  const created = await page.request.post('/v1/management/audit_logs/views', {
    headers,
    data: { name: `Times ${Date.now()}`, filters: 'range=24h&category=Audit' },
  });
  expect(created.status()).toBe(201);
  const view = SavedView.parse(await created.json());
  const events = await page.request.get(
    `/v1/management/audit_logs?startTime=${Date.now() - 60 * 60_000}&endTime=${Date.now() + 60_000}&category=Audit&event=Created&pageSize=50`,
    { headers },
  );
  const event = AuditLogsResponse.parse(await events.json()).data.find((e) => (e.detail as { viewId?: string }).viewId === view.id)!;
  await page.goto(`/audit/events/${event.id}`);
  const change = page.getByRole('table', { name: 'Values before and after the change' });
  const createdAt = change.getByRole('row', { name: /^createdAt/ });
  await expect(createdAt.getByRole('cell').nth(1)).toContainText(utcText(Date.parse(view.createdAt)));
  await expect(createdAt).not.toContainText(view.createdAt);
  await createdAt.getByRole('button', { name: 'Copy createdAt as recorded' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(view.createdAt);
});
