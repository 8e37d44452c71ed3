import { randomUUID } from 'node:crypto';
import { eq, getTableName, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { AuditCategory, AuditSubject } from '../../../contract/audit';
import { atomically, type Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import { auditChainHeads, auditEvents } from '../../db/schema';
import { clientAddress } from '../../http/client-address';
import type { AppDeps, AppEnv } from '../../http/types';
import { chainHash, GENESIS_HASH } from './chain';

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

/** Who is acting in this request (the signed-in principal unless named), for the audit trail. */
export function actorOf(c: Context<AppEnv>, deps: AppDeps, who?: { workspaceId: string; id: string; name: string }): AuditActor {
  const person = who ?? c.get('principal');
  const stepUp = c.get('stepUp');
  return {
    workspaceId: person.workspaceId,
    userId: person.id,
    userName: person.name,
    requestId: c.get('requestId'),
    sourceAddress: clientAddress(c, deps.config.trustProxy),
    ...(stepUp && !who ? { passkey: { credentialId: stepUp.credentialId, name: stepUp.name, contentDigest: stepUp.contentDigest } } : {}),
  };
}

/**
 * Appends events to their workspace's chain. Call it with the transaction that makes the change,
 * so the change and its record commit or roll back together. The chain head's row lock orders
 * concurrent writers of one workspace; other workspaces are not held up.
 */
export async function appendAudit(db: Db, actor: AuditActor, entries: AuditEntry[], now: Date): Promise<void> {
  await appendAuditEvents(
    db,
    actor.workspaceId,
    entries.map((entry) => ({ actor, entry })),
    now,
  );
}

/** Appends one event of the request's caller (see appendAudit). */
export function auditRequest(db: Db, c: Context<AppEnv>, deps: AppDeps, now: Date, entry: AuditEntry): Promise<void> {
  return appendAudit(db, actorOf(c, deps), [entry], now);
}

/**
 * Appends events of several actors, in whichever workspaces they are (a group of transfers, a
 * round of the transaction engine): one append per workspace, the workspaces taken in one order
 * everywhere, so two writers never wait on each other's chains in a cycle.
 */
export async function appendAuditAcross(db: Db, items: { actor: AuditActor; entry: AuditEntry }[], now: Date): Promise<void> {
  const workspaces = [...new Set(items.map((item) => item.actor.workspaceId))].sort();
  for (const workspaceId of workspaces) {
    await appendAuditEvents(
      db,
      workspaceId,
      items.filter((item) => item.actor.workspaceId === workspaceId),
      now,
    );
  }
}

/** The same, for events of several actors in one workspace (the demo history, imports). */
export async function appendAuditEvents(
  db: Db,
  workspaceId: string,
  items: { actor: Omit<AuditActor, 'workspaceId'>; entry: AuditEntry }[],
  now: Date,
): Promise<void> {
  if (items.length === 0) return;
  await atomically(db, async (tx) => {
    // The head's row lock orders the writers of one workspace; a workspace's first event makes its head.
    const lockHead = () => tx.select().from(auditChainHeads).where(eq(auditChainHeads.workspaceId, workspaceId)).for('update');
    let [head] = await lockHead();
    if (!head) {
      await tx.insert(auditChainHeads).values({ workspaceId, seq: 0, hash: GENESIS_HASH }).onConflictDoNothing();
      [head] = await lockHead();
    }
    if (!head) throw new Error('audit chain head missing');
    let { seq, hash } = head;
    const rows = items.map(({ actor, entry }) => {
      seq += 1;
      const fields = {
        id: randomUUID(),
        workspaceId,
        seq,
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
      const prevHash = hash;
      hash = chainHash(prevHash, fields);
      return { ...fields, prevHash, hash };
    });
    // One JSON parameter per statement, expanded by the database: far cheaper than binding 14
    // parameters a row, and free of PostgreSQL's 65,535-parameter ceiling for large imports. The
    // events and the head's new position go in one statement (a data-modifying WITH runs whether or
    // not it is read).
    await tx.execute(sql`
      with appended as (
        insert into ${auditEvents} (id, workspace_id, seq, timestamp, user_name, user_id, category, subject, event, request_id, source_address, detail, prev_hash, hash)
        select id, "workspaceId", seq, timestamp, "userName", "userId", category, subject, event, "requestId", "sourceAddress", detail, "prevHash", hash
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as x(id uuid, "workspaceId" uuid, seq bigint, timestamp bigint, "userName" text, "userId" text,
          category text, subject text, event text, "requestId" text, "sourceAddress" text, detail jsonb, "prevHash" text, hash text)
      )
      update ${auditChainHeads} set seq = ${seq}, hash = ${hash} where workspace_id = ${workspaceId}::uuid`);
  });
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
