import type { AuditLogData } from '../../../contract/audit';
import { AUDIT_EXPORT_FORMAT, type AuditEventProof, type AuditExportEvent, type AuditExportWithProofs } from '../../../contract/audit-tree';
import type { AuditOrder, AuditRange } from './audit-view';

/** How an export writes a moment, for a program to parse: ISO 8601 in UTC, to the millisecond. */
const isoUtc = (ms: number): string => new Date(ms).toISOString();

/** The largest page the service gives: an export reads the whole result in as few calls as it can. */
export const EXPORT_PAGE_SIZE = 500;

/** `proofs`: JSON with the signed tree head, its key and each event's inclusion proof, for a verifier with no service. */
export type ExportFormat = 'csv' | 'json' | 'proofs';

export interface ExportProgress {
  fetched: number;
  /** How much of the time range the pages so far have covered, 0 to 1: the total is not known up front. */
  covered: number;
}

/** A page of the search: the service's, or the same with each event's proof added. */
export type FetchAuditPage<E extends AuditLogData = AuditLogData> = (cursor: string | null, signal: AbortSignal) => Promise<{ data: E[]; next: string | null }>;

function coveredFraction({ startTime, endTime }: AuditRange, order: AuditOrder, last: { timestamp: number } | undefined) {
  if (!last) return 0;
  const covered = order === 'DESC' ? endTime - last.timestamp : last.timestamp - startTime;
  return Math.min(1, Math.max(0, covered / (endTime - startTime)));
}

/**
 * Every event of a search, page after page by following `next` until the service says there is
 * no more. Stops with the signal's reason as soon as the signal is aborted.
 */
export async function collectAuditEvents<E extends AuditLogData>(
  fetchPage: FetchAuditPage<E>,
  { range, order, signal, onProgress }: { range: AuditRange; order: AuditOrder; signal: AbortSignal; onProgress: (progress: ExportProgress) => void },
): Promise<E[]> {
  const events: E[] = [];
  let cursor: string | null = null;
  do {
    signal.throwIfAborted();
    const page: { data: E[]; next: string | null } = await fetchPage(cursor, signal);
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

/**
 * A page's events, each with its proof as the service answered for the page's ids (in their order):
 * an event the service did not answer for is an error, never an event left without a proof. An
 * event waiting to be sequenced (hash null) has a null leaf and path: it is written so, never left
 * out. One listed while waiting and sequenced by the time of its proof keeps its null hash and gets
 * its leaf (after the head, read before: not yet provable); but an event listed with its hash always
 * has a leaf, and one without would be a file no verifier passes.
 */
export function withProofs(events: readonly AuditLogData[], proofs: readonly AuditEventProof[]): AuditExportEvent[] {
  return events.map((event, i) => {
    const proof = proofs[i];
    if (proof?.id !== event.id) throw new Error(`The service sent no proof for event ${event.id}`);
    if (proof.leafIndex === null && event.hash !== null) throw new Error(`The service sent no place in the log for sequenced event ${event.id}`);
    return { ...event, proof: { leafIndex: proof.leafIndex, auditPath: proof.auditPath } };
  });
}

/** The key of the tree head among the service's published keys (/.well-known/jwks.json), by its id. */
export function treeHeadKey(jwks: { keys?: Record<string, unknown>[] }, keyId: string): Record<string, unknown> {
  const key = jwks.keys?.find((k) => k.kid === keyId && k.alg === 'EdDSA');
  if (!key) throw new Error(`The service does not publish the tree head's key ${keyId}`);
  return key;
}

/**
 * An export with proofs (AuditExportWithProofs): the head, its key and the search first, then the
 * events one per line, as the service listed them with their proofs; events after the head carry a
 * null path (not yet provable), and events waiting to be sequenced a null hash, leaf and path,
 * rather than being left out.
 */
export function auditJsonWithProofs(about: Omit<AuditExportWithProofs, 'format' | 'events'>, events: readonly AuditExportEvent[]): string[] {
  const head: Omit<AuditExportWithProofs, 'events'> = { format: AUDIT_EXPORT_FORMAT, ...about };
  return [`${JSON.stringify(head, null, 2).slice(0, -2)},\n  "events": [\n`, ...events.map((e, i) => `${i === 0 ? '' : ',\n'}${JSON.stringify(e)}`), '\n]}\n'];
}

const compactUtc = (ms: number) => isoUtc(ms).replace(/[-:]|\.\d+/g, '');

/** e.g. audit-log_20250101T000000Z_20250131T000000Z.csv (…_with-proofs.json); no colons, which some systems refuse in names. */
export const exportFileName = ({ startTime, endTime }: AuditRange, format: ExportFormat) =>
  `audit-log_${compactUtc(startTime)}_${compactUtc(endTime)}${format === 'proofs' ? '_with-proofs.json' : `.${format}`}`;

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
