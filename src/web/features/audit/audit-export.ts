import type { AuditLogData, AuditLogsResponse } from '../../../contract/audit';
import type { AuditOrder, AuditRange } from './audit-view';

/** How an export writes a moment, for a program to parse: ISO 8601 in UTC, to the millisecond. */
const isoUtc = (ms: number): string => new Date(ms).toISOString();

/** The largest page the service gives: an export reads the whole result in as few calls as it can. */
export const EXPORT_PAGE_SIZE = 500;

export type ExportFormat = 'csv' | 'json';

export interface ExportProgress {
  fetched: number;
  /** How much of the time range the pages so far have covered, 0 to 1: the total is not known up front. */
  covered: number;
}

export type FetchAuditPage = (cursor: string | null, signal: AbortSignal) => Promise<AuditLogsResponse>;

function coveredFraction({ startTime, endTime }: AuditRange, order: AuditOrder, last: AuditLogData | undefined) {
  if (!last) return 0;
  const covered = order === 'DESC' ? endTime - last.timestamp : last.timestamp - startTime;
  return Math.min(1, Math.max(0, covered / (endTime - startTime)));
}

/**
 * Every event of a search, page after page by following `next` until the service says there is
 * no more. Stops with the signal's reason as soon as the signal is aborted.
 */
export async function collectAuditEvents(
  fetchPage: FetchAuditPage,
  { range, order, signal, onProgress }: { range: AuditRange; order: AuditOrder; signal: AbortSignal; onProgress: (progress: ExportProgress) => void },
): Promise<AuditLogData[]> {
  const events: AuditLogData[] = [];
  let cursor: string | null = null;
  do {
    signal.throwIfAborted();
    const page: AuditLogsResponse = await fetchPage(cursor, signal);
    events.push(...page.data);
    cursor = page.next;
    onProgress({ fetched: events.length, covered: cursor ? coveredFraction(range, order, page.data.at(-1)) : 1 });
  } while (cursor);
  return events;
}

/**
 * A spreadsheet opening the file runs a cell that starts with = + - @, a tab or a carriage return
 * as a formula, and a display name is whatever its owner typed. Spreadsheets also skip leading
 * blanks and line breaks and read full-width forms (＝, ＋) as their ASCII twins, so the test looks
 * at the NFKC form after any leading whitespace, control or format characters. A leading
 * apostrophe keeps such a cell text (OWASP's advice against CSV injection); the JSON export
 * carries the values untouched.
 */
const FORMULA_CHARACTER = /^[=+\-@]/;
const LEADING_FILLER = /^[\p{White_Space}\p{Cc}\p{Cf}]+/u;

function startsFormula(value: string): boolean {
  return /^[\t\r]/.test(value) || FORMULA_CHARACTER.test(value.normalize('NFKC').replace(LEADING_FILLER, ''));
}

/** One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break, quotes doubled. */
export function csvField(value: string | null): string {
  if (value === null) return '';
  const text = startsFormula(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const CSV_HEADER = ['id', 'timestamp', 'user', 'userId', 'category', 'subject', 'event', 'requestId', 'sourceAddress', 'detail'];

/** The CSV file as lines, so the Blob is assembled from parts rather than one huge string. */
export function auditCsv(events: readonly AuditLogData[]): string[] {
  const line = (fields: (string | null)[]) => `${fields.map(csvField).join(',')}\r\n`;
  return [
    line(CSV_HEADER),
    ...events.map((e) =>
      line([e.id, isoUtc(e.timestamp), e.user, e.userId, e.category, e.subject, e.event, e.requestId, e.sourceAddress, JSON.stringify(e.detail)]),
    ),
  ];
}

/** A JSON array of the events exactly as the service sent them, one event per line. */
export function auditJson(events: readonly AuditLogData[]): string[] {
  return ['[\n', ...events.map((e, i) => `${i === 0 ? '' : ',\n'}${JSON.stringify(e)}`), '\n]\n'];
}

const compactUtc = (ms: number) => isoUtc(ms).replace(/[-:]|\.\d+/g, '');

/** e.g. audit-log_20250101T000000Z_20250131T000000Z.csv; no colons, which some systems refuse in names. */
export const exportFileName = ({ startTime, endTime }: AuditRange, format: ExportFormat) =>
  `audit-log_${compactUtc(startTime)}_${compactUtc(endTime)}.${format}`;

/** Hands a file built in the browser to the browser's downloads. */
export function downloadFile(name: string, parts: string[], type: string) {
  const url = URL.createObjectURL(new Blob(parts, { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  // Some browsers read the URL only after click() returns; once the download has surely started,
  // letting go of the URL frees the file's memory.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
