import { expect, type Locator, type Page } from '@playwright/test';
import { ROLE_LABELS } from '../../src/contract/role-labels';
import type { Role } from '../../src/contract/roles';
import { utcText } from '../../src/web/lib/time-text';

/** How far a moment is from now, after its UTC time (relativeTime of src/web/lib/time-text.ts): "(just now)", "(3 min ago)", "(in 2 min)". */
const RELATIVE_TIME = / \((just now|\d+ \w+ ago|in \d+ \w+)\)/g;

/** The audit log explorer: search form, the virtualized events grid and the detail drawer. */
export class AuditLogPage {
  readonly grid: Locator;
  readonly rows: Locator;
  readonly count: Locator;
  readonly drawer: Locator;
  readonly exportCsvButton: Locator;
  readonly exportProofsButton: Locator;
  readonly verifyButton: Locator;

  constructor(private readonly page: Page) {
    const main = page.getByRole('main');
    this.grid = main.getByRole('grid', { name: 'Audit events' });
    this.rows = this.grid.locator('tbody tr[data-event-id]');
    this.count = main.getByTestId('audit-events-count');
    this.drawer = page.getByRole('dialog', { name: 'Event details' });
    this.exportCsvButton = main.getByRole('button', { name: 'Export CSV' });
    this.exportProofsButton = main.getByRole('button', { name: 'Export with proofs' });
    this.verifyButton = main.getByRole('button', { name: 'Verify integrity' });
  }

  /** Types a range as the inputs show one, the way the console writes every moment ("2026-01-31 14:00:00 UTC"). */
  async setRange(startTime: number, endTime: number) {
    await this.page.getByLabel('Start (UTC)').fill(utcText(startTime));
    await this.page.getByLabel('End (UTC)').fill(utcText(endTime));
    await this.page.getByRole('button', { name: 'Apply range' }).click();
  }

  async chooseCategories(categories: string[]) {
    await this.page.getByRole('combobox', { name: 'Category' }).click();
    for (const category of categories) {
      const option = this.page.getByRole('option', { name: category, exact: true });
      await option.click();
      // The choice is kept in the address; the next click waits until the list shows it chosen, as a person would.
      await expect(option).toHaveAttribute('aria-selected', 'true');
    }
    await this.page.keyboard.press('Escape');
  }

  /** Picks a person in the person filter, as it suggests them: "Name (Role)". */
  async pickPerson(name: string, role: Role) {
    const input = this.page.getByRole('combobox', { name: 'Person' });
    await input.fill(name);
    await this.page.getByRole('option', { name: `${name} (${ROLE_LABELS[role]})`, exact: true }).click();
    await input.press('Escape');
  }

  /** How many events are loaded, from "N events loaded[, more available]". */
  async loadedCount(): Promise<{ loaded: number; more: boolean }> {
    const text = (await this.count.textContent()) ?? '';
    const match = /^([\d,]+) events? loaded(, more available)?$/.exec(text.trim());
    expect(match, `count text "${text}"`).not.toBeNull();
    return { loaded: Number(match![1]!.replaceAll(',', '')), more: Boolean(match![2]) };
  }

  /**
   * Ids and visible texts of the first `n` rows, in order. A moment's "(3 min ago)" is left out of
   * the text: it says when the row was read, not what it shows, and two tabs read a minute apart
   * would differ in it.
   */
  async firstRows(n: number): Promise<{ id: string | null; text: string }[]> {
    const rows = await this.rows.all();
    return Promise.all(
      rows.slice(0, n).map(async (row) => ({
        id: await row.getAttribute('data-event-id'),
        text: (await row.innerText()).replace(RELATIVE_TIME, '').trim(),
      })),
    );
  }

  /** Scrolls the grid to its start, or to its end, which makes the explorer load the next page. */
  async scrollTo(where: 'start' | 'end') {
    await this.grid.evaluate((grid, end) => {
      const scroller = grid.parentElement!;
      scroller.scrollTop = end ? scroller.scrollHeight : 0;
    }, where === 'end');
  }
}

/** Parses RFC 4180 CSV (quoted fields, doubled quotes, line breaks inside quotes) into rows of fields. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') {
        quoted = false;
      } else {
        field += char;
      }
    } else if (char === '"') {
      quoted = true;
    } else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else {
      field += char;
    }
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}
