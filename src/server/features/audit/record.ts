import { randomUUID } from 'node:crypto';
import { eq, getTableName, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AuditCategory, AuditSubject } from '../../../contract/audit';
import type { ChainedFields } from '../../../contract/audit-tree';
import { inTransactionUnderLock } from '../../db/advisory-lock';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { auditChainHeads, auditEvents } from '../../db/schema';
import { clientAddress } from '../../http/client-address';
import type { AppDeps, AppEnv } from '../../http/types';
import { chainHash, GENESIS_HASH } from './chain';
import { auditPendingEvents } from './schema';

export interface AuditActor {
  workspaceId: string;
  userId: string;
  userName: string;
  requestId: string | null;
  sourceAddress: string | null;
  /** The passkey that confirmed this request (step-up): every event it writes names it and the digest signed. */
  passkey?: { credentialId: string; name: string; contentDigest: string };
}

export type AuditEntry = {
  [C in AuditCategory]: { category: C; subject: AuditSubject<C>; event: string; detail?: Record<string, unknown>; timestamp?: number };
}[AuditCategory];

/** Where a request came from, for the audit trail: its id and the client's address. */
export function requestOrigin(c: Context<AppEnv>, deps: AppDeps): Pick<AuditActor, 'requestId' | 'sourceAddress'> {
  return { requestId: c.get('requestId'), sourceAddress: clientAddress(c, deps.config.trustProxy) };
}

/** Who is acting in this request (the signed-in principal unless named), for the audit trail. */
export function actorOf(c: Context<AppEnv>, deps: AppDeps, who?: { workspaceId: string; id: string; name: string }): AuditActor {
  const person = who ?? c.get('principal');
  const stepUp = c.get('stepUp');
  return {
    workspaceId: person.workspaceId,
    userId: person.id,
    userName: person.name,
    ...requestOrigin(c, deps),
    ...(stepUp && !who ? { passkey: { credentialId: stepUp.credentialId, name: stepUp.name, contentDigest: stepUp.contentDigest } } : {}),
  };
}

/**
 * Records events with the transaction that makes the change, so the change and its record commit
 * or roll back together. They wait in audit_events_pending for the sequencer (sequencer.ts), which
 * gives them their place in the workspace's chain and tree within about a second of the commit: the
 * write touches no shared row, so writers of one workspace do not queue behind one another.
 */
export async function appendAudit(db: Db, actor: AuditActor, entries: AuditEntry[], now: Date): Promise<void> {
  await appendAuditAcross(
    db,
    entries.map((entry) => ({ actor, entry })),
    now,
  );
}

/** Records one event of the request's caller (see appendAudit). */
export function auditRequest(db: Db, c: Context<AppEnv>, deps: AppDeps, now: Date, entry: AuditEntry): Promise<void> {
  return appendAudit(db, actorOf(c, deps), [entry], now);
}

/** The same, for events of several actors, in whichever workspaces they are (a group of transfers, a round of the transaction engine), in one statement. */
export async function appendAuditAcross(db: Db, items: { actor: AuditActor; entry: AuditEntry }[], now: Date): Promise<void> {
  if (items.length === 0) return;
  const rows = items.map(({ actor, entry }) => ({ ...eventFields(actor, entry, now), workspaceId: actor.workspaceId }));
  // One JSON parameter per statement, expanded by the database: far cheaper than binding a dozen
  // parameters a row. The rows keep their order in `position`, so a write's events keep theirs.
  await db.execute(sql`
    insert into ${auditPendingEvents} (id, workspace_id, timestamp, user_name, user_id, category, subject, event, request_id, source_address, detail)
    select id, "workspaceId", timestamp, "userName", "userId", category, subject, event, "requestId", "sourceAddress", detail
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(id uuid, "workspaceId" uuid, timestamp bigint, "userName" text, "userId" text,
      category text, subject text, event text, "requestId" text, "sourceAddress" text, detail jsonb)`);
}

/** An event's fields as stored, but for its place in the chain. */
function eventFields(actor: Omit<AuditActor, 'workspaceId'>, entry: AuditEntry, now: Date) {
  return {
    id: randomUUID(),
    timestamp: entry.timestamp ?? now.getTime(),
    userName: actor.userName,
    userId: actor.userId,
    category: entry.category,
    subject: entry.subject,
    event: entry.event,
    requestId: actor.requestId,
    sourceAddress: actor.sourceAddress,
    detail: actor.passkey ? { ...entry.detail, passkey: actor.passkey } : (entry.detail ?? {}),
  };
}

/**
 * Appends events of one workspace straight to its chain, under the sequencer's lock: for loads
 * (the demo's history, imports), which would only double their work by waiting in the pending table.
 */
export async function appendAuditEvents(
  db: Db,
  workspaceId: string,
  items: { actor: Omit<AuditActor, 'workspaceId'>; entry: AuditEntry }[],
  now: Date,
): Promise<void> {
  if (items.length === 0) return;
  await inTransactionUnderLock(db, 'auditSequencer', (tx) =>
    chainEvents(
      tx,
      workspaceId,
      items.map(({ actor, entry }) => eventFields(actor, entry, now)),
    ),
  );
}

/**
 * Gives events their places at the end of their workspace's chain, in the order given, and inserts
 * them into audit_events. Only under the sequencer's lock (ADVISORY_LOCKS.auditSequencer), which
 * makes the chain head's row the sequencer's alone.
 */
export async function chainEvents(tx: Db, workspaceId: string, events: Omit<ChainedFields, 'seq' | 'workspaceId'>[]): Promise<void> {
  // Locked although the sequencer's lock already keeps other sequencers out: during a rolling
  // upgrade, instances of the release before still append to the chain themselves, under this row's lock.
  const [head] = await tx.select().from(auditChainHeads).where(eq(auditChainHeads.workspaceId, workspaceId)).for('update');
  let { seq, hash } = head ?? { seq: 0, hash: GENESIS_HASH };
  const rows = events.map((event) => {
    seq += 1;
    const fields: ChainedFields = { ...event, workspaceId, seq };
    const prevHash = hash;
    hash = chainHash(prevHash, fields);
    return { ...fields, prevHash, hash };
  });
  // The events and the head's new position go in one statement (a data-modifying WITH runs whether
  // or not it is read).
  await tx.execute(sql`
    with appended as (
      insert into ${auditEvents} (id, workspace_id, seq, timestamp, user_name, user_id, category, subject, event, request_id, source_address, detail, prev_hash, hash)
      select id, "workspaceId", seq, timestamp, "userName", "userId", category, subject, event, "requestId", "sourceAddress", detail, "prevHash", hash
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(id uuid, "workspaceId" uuid, seq bigint, timestamp bigint, "userName" text, "userId" text,
        category text, subject text, event text, "requestId" text, "sourceAddress" text, detail jsonb, "prevHash" text, hash text)
    )
    insert into ${auditChainHeads} (workspace_id, seq, hash) values (${workspaceId}::uuid, ${seq}, ${hash})
    on conflict (workspace_id) do update set seq = excluded.seq, hash = excluded.hash`);
}

/**
 * Runs a bulk load of audit events with the secondary indexes of audit_events (free-text search
 * and the filters') dropped, and builds them again afterwards from their own stored definitions:
 * building an index once over the loaded rows costs a fraction of keeping it up to date row by
 * row. The unique keys (the id; workspace and seq, which keep the chain sound) stay. One transaction, so the
 * indexes come back whatever happens; it holds audit_events exclusively until it commits, so it is
 * only for loads that nothing else waits on (the demo's first start, the benchmark).
 */
export async function withAuditIndexesDeferred<T>(db: Db, load: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const indexes = await queryRows<{ name: string; definition: string }>(
      tx as unknown as Db,
      sql`select i.relname as name, pg_get_indexdef(i.oid) as definition from pg_index x join pg_class i on i.oid = x.indexrelid
        where x.indrelid = ${getTableName(auditEvents)}::regclass and not x.indisunique`,
    );
    for (const { name } of indexes) await tx.execute(sql`drop index ${sql.identifier(name)}`);
    const loaded = await load(tx as unknown as Db);
    for (const { definition } of indexes) await tx.execute(sql.raw(definition));
    return loaded;
  });
}
