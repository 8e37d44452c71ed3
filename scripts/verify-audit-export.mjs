#!/usr/bin/env node
// Checks an Asset Ops audit log export that carries its proofs, and the consistency of two tree
// heads, with no service and no database: plain Node (20 or later), node:crypto only, no import
// from the project. An auditor may copy this one file alone (docs/audit-log.md, "Verifying offline").
//
//   node verify-audit-export.mjs EXPORT.json [--key KEY.json] [--complete]
//   node verify-audit-export.mjs [EXPORT.json] --consistency PROOF.json [--key KEY.json]
//
// EXPORT.json: the console's "JSON with proofs" export. PROOF.json: the answer of
// GET /v1/management/audit_logs/consistency_proof?first=&second= saved as it came. KEY.json: the
// key you trust, a JWK or the service's whole /.well-known/jwks.json; without it the export's own
// key is used, and its id printed for you to compare. --complete: the export must hold every event
// of its tree head (an export of the whole log), so an event deleted from the file fails.
// An event the export lists as waiting to be sequenced (leafIndex and auditPath null, hash null:
// written in the second before the export, not yet given its place in the log) is counted apart
// and never as proven. Prints one line per failure and a summary; exits 1 when anything failed,
// 2 on bad input.
//
// What it checks is RFC 9162 (Certificate Transparency 2.0) §2.1: leaf hash SHA-256(0x00 ‖ data),
// node SHA-256(0x01 ‖ left ‖ right), the inclusion proof's (§2.1.3.2) and the consistency proof's
// (§2.1.4.2) verification; and the tree head's Ed25519 signature over five lines of text.
import { createHash, createPublicKey, verify } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const FORMAT = 'asset-ops audit export with proofs v1';

const sha256 = (...parts) => {
  const h = createHash('sha256');
  for (const p of parts) h.update(p);
  return h.digest();
};
const leafHash = (data) => sha256(Buffer.from([0]), data);
const nodeHash = (left, right) => sha256(Buffer.from([1]), left, right);
const isHash = (hex) => typeof hex === 'string' && /^[0-9a-f]{64}$/.test(hex);

/** The root an inclusion proof leads to (§2.1.3.2), or undefined when it cannot be one for this index and size. */
function rootFromInclusion(index, size, leaf, path) {
  if (!(Number.isSafeInteger(index) && Number.isSafeInteger(size) && index >= 0 && index < size)) return undefined;
  // BigInt: the RFC's bit operations on numbers beyond 32 bits.
  let fn = BigInt(index);
  let sn = BigInt(size - 1);
  let r = leaf;
  for (const p of path) {
    if (sn === 0n) return undefined;
    if ((fn & 1n) === 1n || fn === sn) {
      r = nodeHash(p, r);
      while ((fn & 1n) === 0n && fn !== 0n) {
        fn >>= 1n;
        sn >>= 1n;
      }
    } else {
      r = nodeHash(r, p);
    }
    fn >>= 1n;
    sn >>= 1n;
  }
  return sn === 0n ? r : undefined;
}

/** Whether `path` proves the tree of `first` leaves (root `firstRoot`) a prefix of the tree of `second` (§2.1.4.2). */
function verifyConsistency(first, second, path, firstRoot, secondRoot) {
  if (!(Number.isSafeInteger(first) && Number.isSafeInteger(second) && first >= 1 && first <= second)) return false;
  if (first === second) return path.length === 0 && firstRoot.equals(secondRoot);
  if (path.length === 0) return false;
  // A first tree of 2^k leaves is a complete subtree of the second: the proof leaves its root out.
  const nodes = (BigInt(first) & BigInt(first - 1)) === 0n ? [firstRoot, ...path] : [...path];
  let fn = BigInt(first - 1);
  let sn = BigInt(second - 1);
  while ((fn & 1n) === 1n) {
    fn >>= 1n;
    sn >>= 1n;
  }
  let fr = nodes[0];
  let sr = nodes[0];
  for (const c of nodes.slice(1)) {
    if (sn === 0n) return false;
    if ((fn & 1n) === 1n || fn === sn) {
      fr = nodeHash(c, fr);
      sr = nodeHash(c, sr);
      while ((fn & 1n) === 0n && fn !== 0n) {
        fn >>= 1n;
        sn >>= 1n;
      }
    } else {
      sr = nodeHash(sr, c);
    }
    fn >>= 1n;
    sn >>= 1n;
  }
  return sn === 0n && fr.equals(firstRoot) && sr.equals(secondRoot);
}

/** JSON with object keys sorted at every level: the form the service hashes an event in. */
function canonicalJson(value) {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

/** The leaf data of an exported event at a leaf index: the fields the service's hash chain covers, under their stored names. */
const leafData = (e, leafIndex) =>
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

/** The RFC 7638 thumbprint of an Ed25519 JWK: the id the service names its key by. */
const thumbprint = (jwk) =>
  createHash('sha256')
    .update(JSON.stringify({ crv: jwk.crv, kty: jwk.kty, x: jwk.x }))
    .digest('base64url');

const headMessage = (h) => `asset-ops audit tree head v1\n${h.workspaceId}\n${h.treeSize}\n${h.rootHash}\n${h.timestamp}\n`;
const iso = (ms) => (Number.isSafeInteger(ms) ? new Date(ms).toISOString() : String(ms));

class InputError extends Error {}

function checkHeadShape(head, where) {
  const ok =
    head &&
    typeof head.workspaceId === 'string' &&
    Number.isSafeInteger(head.treeSize) &&
    head.treeSize >= 1 &&
    isHash(head.rootHash) &&
    Number.isSafeInteger(head.timestamp) &&
    typeof head.signature === 'string' &&
    typeof head.keyId === 'string';
  if (!ok) throw new InputError(`${where} is not a signed tree head`);
}

/** The Ed25519 keys of a JWK or a JWKS. */
function keysOf(json, where) {
  const keys = (Array.isArray(json?.keys) ? json.keys : [json]).filter((k) => k?.kty === 'OKP' && k?.crv === 'Ed25519' && typeof k?.x === 'string');
  if (keys.length === 0) throw new InputError(`${where} holds no Ed25519 public key (a JWK with kty OKP, crv Ed25519)`);
  return keys;
}

/** Checks a head's signature; answers the failures (none when it verifies). */
function headFailures(head, keys, label) {
  const key = keys.find((k) => thumbprint(k) === head.keyId);
  if (!key) return [`FAILED ${label}: signed by key ${head.keyId}, which is not the key checked against (${keys.map(thumbprint).join(', ')})`];
  let good = false;
  try {
    good = verify(
      null,
      Buffer.from(headMessage(head)),
      createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: key.x }, format: 'jwk' }),
      Buffer.from(head.signature, 'base64url'),
    );
  } catch {
    good = false;
  }
  return good ? [] : [`FAILED ${label}: its signature does not verify with key ${head.keyId}`];
}

/** Checks an export and/or a consistency proof. Answers the lines to print and whether everything passed. */
function verifyAuditExport({ file, consistency, key, keySource, complete }) {
  if (file === undefined && consistency === undefined) throw new InputError('Give an export, a consistency proof, or both');
  const lines = [];
  let failures = 0;
  const fail = (line) => {
    failures += 1;
    lines.push(line);
  };
  if (file !== undefined && file?.format !== FORMAT) throw new InputError(`The export is not "${FORMAT}" (export JSON with proofs from the console)`);
  const keys = key !== undefined ? keysOf(key, keySource) : file !== undefined ? keysOf(file.publicKey, 'The export’s publicKey') : undefined;
  if (!keys) throw new InputError('A consistency proof alone needs the key to check its heads with: --key KEY.json');
  lines.push(`Signing key: ${keys.map(thumbprint).join(', ')} (${key !== undefined ? keySource : 'the export’s own: compare it with the key you trust'})`);

  let counts;
  if (file !== undefined) {
    const head = file.treeHead;
    checkHeadShape(head, 'The export’s treeHead');
    if (!Array.isArray(file.events)) throw new InputError('The export has no list of events');
    if (file.order !== 'ASC' && file.order !== 'DESC') throw new InputError('The export’s order is neither ASC nor DESC');
    lines.push(`Tree head: workspace ${head.workspaceId}, ${head.treeSize} events, root ${head.rootHash}, signed ${iso(head.timestamp)}`);
    for (const line of headFailures(head, keys, 'tree head')) fail(line);
    const root = Buffer.from(head.rootHash, 'hex');
    counts = { checked: 0, proven: 0, pending: 0, waiting: 0, failed: 0 };
    const seen = new Set();
    let previous;
    for (const [position, e] of file.events.entries()) {
      counts.checked += 1;
      const name = `event ${typeof e?.id === 'string' ? e.id : '?'} (#${position + 1} in the file)`;
      const problems = [];
      const index = e?.proof?.leafIndex;
      const path = e?.proof?.auditPath;
      // Waiting to be sequenced: the event has no seq yet, so no leaf and nothing to prove; it is
      // counted apart, never as proven. An event gets its hash and its leaf together, so one said
      // pending that has a hash was sequenced and had its proof taken away: it fails.
      const waiting = e != null && index === null && path === null;
      if (waiting) {
        if (e.hash !== null)
          problems.push('is said waiting to be sequenced (leafIndex null), but its hash is not null: a sequenced event must carry its proof');
        if (e.tenantId !== head.workspaceId) problems.push(`is of workspace ${e.tenantId}, not the head's`);
      } else if (!Number.isSafeInteger(index) || index < 0 || !(path === null || (Array.isArray(path) && path.every(isHash)))) {
        problems.push('has no well-formed proof (leafIndex and auditPath)');
      } else if (seen.has(index)) {
        problems.push(`is leaf ${index} again: an event is listed twice`);
      } else {
        seen.add(index);
        if (e.tenantId !== head.workspaceId) problems.push(`is of workspace ${e.tenantId}, not the head's`);
        if (path === null) {
          if (index < head.treeSize) problems.push(`is said not yet provable, but its leaf ${index} is inside the head`);
        } else {
          const computed = rootFromInclusion(
            index,
            head.treeSize,
            leafHash(Buffer.from(leafData(e, index))),
            path.map((p) => Buffer.from(p, 'hex')),
          );
          if (!computed || !computed.equals(root))
            problems.push(`does not lead to the head's root from leaf ${index}: it is not the event the log signed there`);
        }
      }
      // The service lists a search in (timestamp, id) order: two events swapped in the file break it.
      if (previous && e && typeof e.id === 'string') {
        const after = e.timestamp > previous.timestamp || (e.timestamp === previous.timestamp && e.id > previous.id);
        const before = e.timestamp < previous.timestamp || (e.timestamp === previous.timestamp && e.id < previous.id);
        if (file.order === 'ASC' ? !after : !before) problems.push(`is out of the export's order (${file.order === 'ASC' ? 'oldest' : 'newest'} first)`);
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
      const missing = [];
      for (let i = 0; i < head.treeSize && missing.length < 10; i++) if (!seen.has(i)) missing.push(i);
      fail(
        `FAILED export: ${head.treeSize - held} of the head's events are not in the file (leaves ${missing.join(', ')}${head.treeSize - held > missing.length ? ', …' : ''}), and --complete says it holds the whole log`,
      );
    }
  }

  if (consistency !== undefined) {
    const { first, second, path } = consistency ?? {};
    checkHeadShape(first, 'The consistency proof’s first head');
    checkHeadShape(second, 'The consistency proof’s second head');
    if (!Array.isArray(path) || !path.every(isHash)) throw new InputError('The consistency proof has no path of hashes');
    const label = `heads of size ${first.treeSize} (${iso(first.timestamp)}) and ${second.treeSize} (${iso(second.timestamp)})`;
    const problems = [...headFailures(first, keys, 'first head'), ...headFailures(second, keys, 'second head')];
    if (first.workspaceId !== second.workspaceId) problems.push('FAILED consistency: the two heads are of different workspaces');
    else if (
      !verifyConsistency(
        first.treeSize,
        second.treeSize,
        path.map((p) => Buffer.from(p, 'hex')),
        Buffer.from(first.rootHash, 'hex'),
        Buffer.from(second.rootHash, 'hex'),
      )
    )
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

function readJson(path, what) {
  let text;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new InputError(`Cannot read ${what} ${path}`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new InputError(`${what} ${path} is not JSON`);
  }
}

function main(argv) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { consistency: { type: 'string' }, key: { type: 'string' }, complete: { type: 'boolean' } },
  });
  if (positionals.length > 1) throw new InputError('Give one export file');
  const [exportPath] = positionals;
  const { lines, ok } = verifyAuditExport({
    file: exportPath === undefined ? undefined : readJson(exportPath, 'The export'),
    consistency: values.consistency === undefined ? undefined : readJson(values.consistency, 'The consistency proof'),
    key: values.key === undefined ? undefined : readJson(values.key, 'The key'),
    keySource: values.key,
    complete: values.complete === true,
  });
  for (const line of lines) console.log(line);
  process.exitCode = ok ? 0 : 1;
}

try {
  main(process.argv.slice(2));
} catch (error) {
  console.error(error instanceof InputError || error?.code?.startsWith?.('ERR_PARSE_ARGS') ? error.message : `Failed: ${error?.message ?? error}`);
  process.exitCode = 2;
}
