import { getAuditInclusionProofs, listAuditTreeHeads } from '../../../contract/routes/audit-tree';
import { api } from '../../lib/api';
import { fetchAuditPage } from './api';
import {
  auditCsv,
  auditJson,
  auditJsonWithProofs,
  collectAuditEvents,
  downloadFile,
  EXPORT_PAGE_SIZE,
  exportFileName,
  type ExportFormat,
  type ExportProgress,
  treeHeadKey,
  withProofs,
} from './audit-export';
import { type AuditView, toAuditSearch } from './audit-view';
import { fetchServiceKeys } from './service-keys';

/*
 * The export itself, loaded only when one starts (audit-export-progress.tsx imports it then), so
 * the explorer's first screen carries none of it.
 */

interface ExportDone {
  events: number;
  /** With proofs: the size of the head the proofs are against, how many events are after it, and how many have no place in the log yet. */
  proved?: { treeSize: number; notYetProvable: number; waitingToBeSequenced: number };
}

const TYPES: Record<ExportFormat, string> = { csv: 'text/csv;charset=utf-8', json: 'application/json', proofs: 'application/json' };

/** Reads every event of the view (with proofs: against the latest signed head, read once first) and downloads the file. */
export async function runAuditExport(
  view: AuditView,
  format: ExportFormat,
  signal: AbortSignal,
  onProgress: (progress: ExportProgress) => void,
): Promise<ExportDone> {
  const search = toAuditSearch({ ...view, pageSize: EXPORT_PAGE_SIZE });
  const options = { range: view, order: view.order, signal, onProgress };
  const fetchPage = (cursor: string | null, signal: AbortSignal) => fetchAuditPage(search, cursor, signal);
  const name = exportFileName(view, format);
  if (format !== 'proofs') {
    const events = await collectAuditEvents(fetchPage, options);
    downloadFile(name, format === 'csv' ? auditCsv(events) : auditJson(events), TYPES[format]);
    return { events: events.length };
  }
  const [treeHead] = (await api(listAuditTreeHeads, { query: { pageSize: 1 }, signal })).data;
  if (!treeHead) throw new Error('The audit log has no signed tree head yet: try again in a few seconds');
  const publicKey = treeHeadKey({ keys: await fetchServiceKeys(signal) }, treeHead.keyId);
  // One request of proofs per page, every proof against the same head.
  const events = await collectAuditEvents(async (cursor, signal) => {
    const page = await fetchPage(cursor, signal);
    if (page.data.length === 0) return { data: [], next: page.next };
    const { proofs } = await api(getAuditInclusionProofs, { body: { treeSize: treeHead.treeSize, ids: page.data.map((e) => e.id) }, signal });
    return { data: withProofs(page.data, proofs), next: page.next };
  }, options);
  downloadFile(name, auditJsonWithProofs({ search: toAuditSearch(view).toString(), order: view.order, treeHead, publicKey }, events), TYPES[format]);
  const waitingToBeSequenced = events.filter((e) => e.proof.leafIndex === null).length;
  const notYetProvable = events.filter((e) => e.proof.auditPath === null).length - waitingToBeSequenced;
  return { events: events.length, proved: { treeSize: treeHead.treeSize, notYetProvable, waitingToBeSequenced } };
}
