import { createPublicKey, verify } from 'node:crypto';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Db } from './db/client';
import { queryRows } from './db/rows';
import { auditChainHeads, auditEvents, workspaces } from './db/schema';
import { verifyAuditChain } from './features/audit/store';
import { transactions } from './features/transactions/schema';
import { tradingVaultBalances } from './features/vault/schema';
import { webhookSigningKeys } from './features/webhooks/schema';
import { signBody, thumbprint, toSigningKey } from './features/webhooks/signing';

/**
 * What an operator checks of a database before trusting it (a restored backup, a database after an
 * incident): the audit chain of every workspace, every vault balance against the transfers that
 * moved it, and the webhook signing keys. Read-only; the same on PGlite and PostgreSQL.
 */

export interface AuditChainCheck {
  workspaceId: string;
  name: string | null;
  events: number;
  /** Events written but not yet sequenced (the next start's sequencer chains them): kept, not yet checkable. */
  pending: number;
  verified: boolean;
  firstBrokenEventId: string | null;
  reason: string | null;
}

export interface BalanceMismatch {
  workspaceId: string;
  accountId: string;
  assetId: string;
  /** The balance as stored (null when there is no row), and what its opening and the transfers make it. */
  stored: string | null;
  derived: string;
}

export interface Verification {
  ok: boolean;
  /** The checks that failed, by name: audit, balances, webhookKeys. */
  failed: ('audit' | 'balances' | 'webhookKeys')[];
  audit: { ok: boolean; workspaces: AuditChainCheck[] };
  balances: { ok: boolean; checked: number; mismatches: BalanceMismatch[] };
  webhookKeys: { ok: boolean; keys: number; currentKid: string | null; problems: { kid: string | null; reason: string }[] };
}

/** Each workspace's chain from its first event to its head, and the head itself (a chain cut short at its end still links). */
async function checkAuditChains(db: Db): Promise<Verification['audit']> {
  const named = await db.select({ id: workspaces.id, name: workspaces.name }).from(workspaces);
  const heads = await db.select().from(auditChainHeads);
  const ids = [...new Set([...named.map((w) => w.id), ...heads.map((h) => h.workspaceId)])].sort();
  const checks: AuditChainCheck[] = [];
  for (const workspaceId of ids) {
    const name = named.find((w) => w.id === workspaceId)?.name ?? null;
    const chain = await verifyAuditChain(db, workspaceId, 0, Number.MAX_SAFE_INTEGER);
    const check: AuditChainCheck = {
      workspaceId,
      name,
      events: chain.checked,
      pending: chain.pending,
      verified: chain.verified,
      firstBrokenEventId: chain.firstBrokenEventId,
      reason: chain.reason,
    };
    const head = heads.find((h) => h.workspaceId === workspaceId);
    const [last] = await db
      .select({ id: auditEvents.id, seq: auditEvents.seq, hash: auditEvents.hash })
      .from(auditEvents)
      .where(eq(auditEvents.workspaceId, workspaceId))
      .orderBy(desc(auditEvents.seq))
      .limit(1);
    if (check.verified && (head?.seq ?? 0) !== (last?.seq ?? 0)) {
      check.verified = false;
      check.reason = `the chain's head is at #${head?.seq ?? 0} but its last event is #${last?.seq ?? 0}: events are missing from its end`;
    } else if (check.verified && head && last && head.hash !== last.hash) {
      check.verified = false;
      check.firstBrokenEventId = last.id;
      check.reason = `the chain's head does not hold the hash of its last event #${last.seq}`;
    }
    checks.push(check);
  }
  return { ok: checks.every((c) => c.verified), workspaces: checks };
}

/**
 * Every balance is its opening balance plus what completed transfers moved: a transfer whose
 * `balances_moved` is set took its amount from a vault source and gave it to a vault destination
 * (the transaction engine sets it when the funds move; an order's settlement, which moves them
 * itself, creates its transfers with it set). Summed by the database in `numeric`, exactly.
 */
async function checkBalances(db: Db): Promise<Verification['balances']> {
  const t = transactions;
  const b = tradingVaultBalances;
  const leg = (peer: typeof t.source | typeof t.destination, sign: 1 | -1) => sql`
    select ${t.workspaceId} as workspace_id, ${peer}->>'id' as account_id, ${t.assetId} as asset_id, ${sign}::numeric * ${t.amount} as amount
    from ${t} where ${t.balancesMoved} and ${peer}->>'type' = 'VAULT_ACCOUNT' and coalesce(${peer}->>'id', '') <> ''`;
  const mismatches = await queryRows<{ workspace_id: string; account_id: string; asset_id: string; stored: string | null; derived: string }>(
    db,
    sql`with moved as (
        select workspace_id, account_id, asset_id, sum(amount) as amount from (${leg(t.source, -1)} union all ${leg(t.destination, 1)}) as legs
        group by workspace_id, account_id, asset_id
      )
      select coalesce(b.workspace_id, m.workspace_id)::text as workspace_id, coalesce(b.account_id, m.account_id) as account_id,
        coalesce(b.asset_id, m.asset_id) as asset_id, b.total::text as stored, (coalesce(b.opening, 0) + coalesce(m.amount, 0))::text as derived
      from ${b} as b full join moved as m on b.workspace_id = m.workspace_id and b.account_id = m.account_id and b.asset_id = m.asset_id
      where (b.total is null and m.amount <> 0) or b.total <> coalesce(b.opening, 0) + coalesce(m.amount, 0) or b.total < 0
      order by 1, 2, 3`,
  );
  const [counted] = await queryRows<{ n: string }>(db, sql`select count(*)::text as n from ${b}`);
  return {
    ok: mismatches.length === 0,
    checked: Number(counted?.n ?? 0),
    mismatches: mismatches.map((m) => ({ workspaceId: m.workspace_id, accountId: m.account_id, assetId: m.asset_id, stored: m.stored, derived: m.derived })),
  };
}

/**
 * Each signing key's private half must load, be the key its published half and its key id name,
 * and sign a probe that the published half verifies. The keys are stored as plain PEM (nothing to
 * decrypt); the service makes the first at its first start, so a database that served has one.
 */
async function checkWebhookKeys(db: Db): Promise<Verification['webhookKeys']> {
  const rows = await db.select().from(webhookSigningKeys).orderBy(asc(webhookSigningKeys.createdAt));
  const problems: Verification['webhookKeys']['problems'] = [];
  if (rows.length === 0) problems.push({ kid: null, reason: 'there is no webhook signing key' });
  for (const row of rows) {
    const problem = await (async () => {
      let key;
      try {
        key = toSigningKey(row.kid, row.privateKeyPem);
      } catch {
        return 'its private key does not load';
      }
      const published = row.publicJwk as { kty?: string; n?: string; e?: string; kid?: string };
      const own = createPublicKey(key.privateKey).export({ format: 'jwk' }) as { n: string; e: string };
      if (published.n !== own.n || published.e !== own.e) return 'its published public key is not the public half of its private key';
      if (thumbprint(own) !== row.kid || published.kid !== row.kid) return 'its key id is not its public key’s thumbprint';
      const probe = JSON.stringify({ probe: 'asset-ops verify' });
      const { legacy } = await signBody(key, probe);
      const publicKey = createPublicKey({ key: published as Record<string, string>, format: 'jwk' });
      if (!verify('sha512', Buffer.from(probe), publicKey, Buffer.from(legacy, 'base64'))) return 'a signature it makes does not verify with its published key';
      return undefined;
    })();
    if (problem) problems.push({ kid: row.kid, reason: problem });
  }
  return { ok: problems.length === 0, keys: rows.length, currentKid: rows.at(-1)?.kid ?? null, problems };
}

export async function verifyDatabase(db: Db): Promise<Verification> {
  const audit = await checkAuditChains(db);
  const balances = await checkBalances(db);
  const webhookKeys = await checkWebhookKeys(db);
  const failed = (['audit', 'balances', 'webhookKeys'] as const).filter((name) => !{ audit, balances, webhookKeys }[name].ok);
  return { ok: failed.length === 0, failed, audit, balances, webhookKeys };
}
