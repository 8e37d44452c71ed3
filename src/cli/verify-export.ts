import { createHash, createPublicKey, verify } from 'node:crypto';
import { AUDIT_EXPORT_FORMAT, type AuditExportEvent, type AuditTreeHead, treeHeadMessage } from '../contract/audit-tree';
import { fromHex, leafHash, rootFromInclusion, verifyConsistency } from '../contract/merkle';
import { canonicalJson } from '../contract/canonical-json';

/*
 * `npm run cli -- verify-export`: checks an export that carries its proofs, and two kept tree
 * heads' consistency, with no service and no database. scripts/verify-audit-export.mjs checks the
 * same with plain Node for an auditor to copy alone; the two print the same lines (a test runs both
 * on the same files).
 */

export class VerifyInputError extends Error {}

const sha256 = (data: Uint8Array): Uint8Array => createHash('sha256').update(data).digest();
const isHash = (hex: unknown): hex is string => typeof hex === 'string' && /^[0-9a-f]{64}$/.test(hex);
const iso = (ms: number) => new Date(ms).toISOString();
const equal = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(b);

interface Ed25519Jwk {
  kty: 'OKP';
  crv: 'Ed25519';
  x: string;
}

/** The RFC 7638 thumbprint of an Ed25519 JWK: the id the service names its key by (tree-keys.ts). */
const thumbprint = (jwk: Ed25519Jwk) =>
  createHash('sha256')
    .update(JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x }))
    .digest('base64url');

/** The leaf data of an exported event at a leaf index: the fields the hash chain covers (ChainedFields), under their stored names. */
const leafData = (e: AuditExportEvent, leafIndex: number) =>
  canonicalJson({
    id: e.id,
    workspaceId: e.tenantId,
    seq: leafIndex + 1,
    timestamp: e.timestamp,
    userName: e.user,
    userId: e.userId,
    category: e.category,
    subject: e.subject,
    event: e.event,
    requestId: e.requestId,
    sourceAddress: e.sourceAddress,
    detail: e.detail,
  });

function checkHeadShape(head: unknown, where: string): asserts head is AuditTreeHead {
  const h = head as Partial<AuditTreeHead> | undefined;
  const ok =
    typeof h?.workspaceId === 'string' &&
    Number.isSafeInteger(h.treeSize) &&
    h.treeSize! >= 1 &&
    isHash(h.rootHash) &&
    Number.isSafeInteger(h.timestamp) &&
    typeof h.signature === 'string' &&
    typeof h.keyId === 'string';
  if (!ok) throw new VerifyInputError(`${where} is not a signed tree head`);
}

/** The Ed25519 keys of a JWK or a JWKS. */
function keysOf(json: unknown, where: string): Ed25519Jwk[] {
  const all = (Array.isArray((json as { keys?: unknown })?.keys) ? (json as { keys: unknown[] }).keys : [json]) as Partial<Ed25519Jwk>[];
  const keys = all.filter((k): k is Ed25519Jwk => k?.kty === 'OKP' && k.crv === 'Ed25519' && typeof k.x === 'string');
  if (keys.length === 0) throw new VerifyInputError(`${where} holds no Ed25519 public key (a JWK with kty OKP, crv Ed25519)`);
  return keys;
}

/** A head's signature checked with the key it names among `keys`: the failures (none when it verifies). */
function headFailures(head: AuditTreeHead, keys: Ed25519Jwk[], label: string): string[] {
  const key = keys.find((k) => thumbprint(k) === head.keyId);
  if (!key) return [`FAILED ${label}: signed by key ${head.keyId}, which is not the key checked against (${keys.map(thumbprint).join(', ')})`];
  let good = false;
  try {
    good = verify(
      null,
      Buffer.from(treeHeadMessage(head)),
      createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: key.x }, format: 'jwk' }),
      Buffer.from(head.signature, 'base64url'),
    );
  } catch {
    good = false;
  }
  return good ? [] : [`FAILED ${label}: its signature does not verify with key ${head.keyId}`];
}

export interface VerifyInput {
  /** The export, parsed. */
  file?: unknown;
  /** The consistency proof (getAuditConsistencyProof's answer), parsed. */
  consistency?: unknown;
  /** The key the auditor trusts: a JWK or a JWKS, parsed; the export's own key when left out. */
  key?: unknown;
  keySource?: string;
  /** The export must hold every event of its head (an export of the whole log). */
  complete: boolean;
}

/** Checks an export and/or a consistency proof: the lines to print, and whether everything passed. */
export function verifyAuditExport({ file, consistency, key, keySource, complete }: VerifyInput): { lines: string[]; ok: boolean } {
  if (file === undefined && consistency === undefined) throw new VerifyInputError('Give an export, a consistency proof, or both');
  const lines: string[] = [];
  let failures = 0;
  const fail = (line: string) => {
    failures += 1;
    lines.push(line);
  };
  const exported = file as { format?: unknown; publicKey?: unknown; treeHead?: unknown; order?: unknown; events?: unknown } | undefined;
  if (exported !== undefined && exported?.format !== AUDIT_EXPORT_FORMAT)
    throw new VerifyInputError(`The export is not "${AUDIT_EXPORT_FORMAT}" (export JSON with proofs from the console)`);
  const keys =
    key !== undefined ? keysOf(key, keySource ?? 'The key') : exported !== undefined ? keysOf(exported.publicKey, 'The export’s publicKey') : undefined;
  if (!keys) throw new VerifyInputError('A consistency proof alone needs the key to check its heads with: --key KEY.json');
  lines.push(`Signing key: ${keys.map(thumbprint).join(', ')} (${key !== undefined ? keySource : 'the export’s own: compare it with the key you trust'})`);

  let counts: { checked: number; proven: number; pending: number; waiting: number; failed: number } | undefined;
  if (exported !== undefined) {
    const head = exported.treeHead;
    checkHeadShape(head, 'The export’s treeHead');
    if (!Array.isArray(exported.events)) throw new VerifyInputError('The export has no list of events');
    const { order } = exported;
    if (order !== 'ASC' && order !== 'DESC') throw new VerifyInputError('The export’s order is neither ASC nor DESC');
    lines.push(`Tree head: workspace ${head.workspaceId}, ${head.treeSize} events, root ${head.rootHash}, signed ${iso(head.timestamp)}`);
    for (const line of headFailures(head, keys, 'tree head')) fail(line);
    const root = fromHex(head.rootHash);
    counts = { checked: 0, proven: 0, pending: 0, waiting: 0, failed: 0 };
    const seen = new Set<number>();
    let previous: AuditExportEvent | undefined;
    for (const [position, e] of (exported.events as (AuditExportEvent | undefined)[]).entries()) {
      counts.checked += 1;
      const name = `event ${typeof e?.id === 'string' ? e.id : '?'} (#${position + 1} in the file)`;
      const problems: string[] = [];
      const index = e?.proof?.leafIndex;
      const path = e?.proof?.auditPath as unknown;
      // Waiting to be sequenced: the event has no seq yet, so no leaf and nothing to prove; it is
      // counted apart, never as proven. An event gets its hash and its leaf together, so one said
      // pending that has a hash was sequenced and had its proof taken away: it fails.
      const waiting = e !== undefined && e !== null && index === null && path === null;
      if (waiting) {
        if (e.hash !== null)
          problems.push('is said waiting to be sequenced (leafIndex null), but its hash is not null: a sequenced event must carry its proof');
        if (e.tenantId !== head.workspaceId) problems.push(`is of workspace ${e.tenantId}, not the head's`);
      } else if (!e || !Number.isSafeInteger(index) || index! < 0 || !(path === null || (Array.isArray(path) && path.every(isHash)))) {
        problems.push('has no well-formed proof (leafIndex and auditPath)');
      } else if (seen.has(index!)) {
        problems.push(`is leaf ${index} again: an event is listed twice`);
      } else {
        seen.add(index!);
        if (e.tenantId !== head.workspaceId) problems.push(`is of workspace ${e.tenantId}, not the head's`);
        if (path === null) {
          if (index! < head.treeSize) problems.push(`is said not yet provable, but its leaf ${index} is inside the head`);
        } else {
          const leaf = leafHash(sha256, new TextEncoder().encode(leafData(e, index!)));
          const computed = rootFromInclusion(sha256, index!, head.treeSize, leaf, (path as string[]).map(fromHex));
          if (!computed || !equal(computed, root))
            problems.push(`does not lead to the head's root from leaf ${index}: it is not the event the log signed there`);
        }
      }
      // The service lists a search in (timestamp, id) order: two events swapped in the file break it.
      if (previous && e && typeof e.id === 'string') {
        const after = e.timestamp > previous.timestamp || (e.timestamp === previous.timestamp && e.id > previous.id);
        const before = e.timestamp < previous.timestamp || (e.timestamp === previous.timestamp && e.id < previous.id);
        if (order === 'ASC' ? !after : !before) problems.push(`is out of the export's order (${order === 'ASC' ? 'oldest' : 'newest'} first)`);
      }
      previous = e;
      if (problems.length > 0) {
        counts.failed += 1;
        for (const p of problems) fail(`FAILED ${name}: ${p}`);
      } else if (waiting) {
        counts.waiting += 1;
        lines.push(`Waiting to be sequenced: ${name}, no leaf yet`);
      } else if (path === null) {
        counts.pending += 1;
        lines.push(`Not yet provable: ${name}, leaf ${index}, after the head`);
      } else {
        counts.proven += 1;
      }
    }
    const held = [...seen].filter((i) => i < head.treeSize).length;
    lines.push(`The export holds ${held} of the head's ${head.treeSize} events`);
    if (complete && held < head.treeSize) {
      const missing: number[] = [];
      for (let i = 0; i < head.treeSize && missing.length < 10; i++) if (!seen.has(i)) missing.push(i);
      fail(
        `FAILED export: ${head.treeSize - held} of the head's events are not in the file (leaves ${missing.join(', ')}${head.treeSize - held > missing.length ? ', …' : ''}), and --complete says it holds the whole log`,
      );
    }
  }

  if (consistency !== undefined) {
    const { first, second, path } = (consistency ?? {}) as { first?: unknown; second?: unknown; path?: unknown };
    checkHeadShape(first, 'The consistency proof’s first head');
    checkHeadShape(second, 'The consistency proof’s second head');
    if (!Array.isArray(path) || !path.every(isHash)) throw new VerifyInputError('The consistency proof has no path of hashes');
    const label = `heads of size ${first.treeSize} (${iso(first.timestamp)}) and ${second.treeSize} (${iso(second.timestamp)})`;
    const problems = [...headFailures(first, keys, 'first head'), ...headFailures(second, keys, 'second head')];
    if (first.workspaceId !== second.workspaceId) problems.push('FAILED consistency: the two heads are of different workspaces');
    else if (!verifyConsistency(sha256, first.treeSize, second.treeSize, path.map(fromHex), fromHex(first.rootHash), fromHex(second.rootHash)))
      problems.push(`FAILED consistency: the proof does not show the first head a prefix of the second: the log was rewritten between ${label}`);
    for (const line of problems) fail(line);
    if (problems.length === 0) lines.push(`Consistent: ${label}: the later only added events`);
  }

  if (counts)
    lines.push(
      `Events checked: ${counts.checked}; proven: ${counts.proven}; not yet provable: ${counts.pending}; waiting to be sequenced: ${counts.waiting}; failed: ${counts.failed}`,
    );
  lines.push(failures === 0 ? 'PASSED' : `FAILED: ${failures} failure${failures === 1 ? '' : 's'}`);
  return { lines, ok: failures === 0 };
}
