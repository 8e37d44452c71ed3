import type { OpenAPIHono } from '@hono/zod-openapi';
import * as routes from '../../../contract/routes/transactions';
import { NEXT_PAGE_HEADER, PREV_PAGE_HEADER, TRANSACTION_ERRORS, type PeerPath } from '../../../contract/transactions';
import type { TimePosition } from '../../db/keyset';
import { violatesUnique } from '../../db/violation';
import { register } from '../../http/register';
import { decodeCursor, encodeCursor } from '../../http/cursor';
import { badRequest, conflict, notFound } from '../../http/errors';
import { GroupCommit, type GroupWork } from '../../http/group-commit';
import type { AppDeps, AppEnv } from '../../http/types';
import { actorOf, appendAudit, appendAuditAcross, type AuditActor, type AuditEntry } from '../audit/record';
import * as vaults from '../vault/store';
import { checkDestinationAddress } from './addresses';
import { stuckLimitMs } from './engine';
import { chainAsset, vaultAddress } from '../vault/chain-asset';
import { submitTransfer, submitTransfers, type NewTransfer } from './service';
import * as store from './store';
import { toDetails, withTimeline, type TransactionRow } from './view';

/** A transfer to submit, as its request asked for it. */
interface Submission {
  transfer: NewTransfer;
  actor: AuditActor;
  /** The source as the request named it, for the audit event. */
  source: { type: 'VAULT_ACCOUNT'; id: string };
}

const submittedEvent = (s: Submission, row: TransactionRow): AuditEntry => ({
  category: 'Transactions',
  subject: 'Transaction',
  event: 'Submitted',
  detail: {
    txId: row.id,
    after: { assetId: s.transfer.asset.legacyId, amount: s.transfer.amount, source: s.source, destination: s.transfer.destination, outcome: row.outcome },
  },
});

/**
 * Transfers are committed in groups (GroupCommit): a workspace's submissions that arrive together
 * share one database transaction, one insert, and one append to the workspace's audit chain, whose
 * lock otherwise orders them one by one.
 */
const submissionWork = (deps: AppDeps): GroupWork<Submission, TransactionRow> => ({
  async one(tx, s) {
    const now = deps.now();
    try {
      const created = await submitTransfer(tx, s.transfer, now);
      await appendAudit(tx, s.actor, [submittedEvent(s, created)], now);
      return created;
    } catch (err) {
      // The unique index decides, also for a request submitted at the same moment whose row no check could see yet.
      if (violatesUnique(err, 'transactions_external_id_idx')) {
        throw conflict(
          `externalTxId ${s.transfer.externalTxId} is already used by another transaction of this workspace`,
          TRANSACTION_ERRORS.externalTxIdTaken,
        );
      }
      throw err;
    }
  },
  // A taken or repeated external id fails the group's insert (the same index), and each is then submitted alone.
  async all(tx, list) {
    const now = deps.now();
    const rows = await submitTransfers(
      tx,
      list.map((s) => s.transfer),
      now,
    );
    await appendAuditAcross(
      tx,
      list.map((s, i) => ({ actor: s.actor, entry: submittedEvent(s, rows[i]!) })),
      now,
    );
    return rows;
  },
});

export function registerTransactions(app: OpenAPIHono<AppEnv>, deps: AppDeps) {
  const submissions = new GroupCommit(deps.db, submissionWork(deps));
  register(app, deps, routes.listTransactions, async (c) => {
    const { next, prev, sort, limit, orderBy, stuck, ...rest } = c.req.valid('query');
    const { workspaceId } = c.get('principal');
    // Stuck as the home counts it: confirming since before now less the limit.
    const filter = {
      ...rest,
      ...(stuck !== undefined && { stuck: { is: stuck, since: new Date(deps.now().getTime() - stuckLimitMs(deps.config.stuckAlert)) } }),
    };
    if (filter.after !== undefined && filter.before !== undefined && filter.before < filter.after) throw badRequest('before must not be earlier than after');
    if (next !== undefined && prev !== undefined) throw badRequest('Send next or prev, not both: each continues from a different page');
    const fingerprint = `transactions:${JSON.stringify({ filter: rest, stuck, sort, orderBy })}`;
    const backwards = prev !== undefined;
    const cursor = backwards ? prev : next;
    const position =
      cursor !== undefined ? decodeCursor<TimePosition>(deps.secrets.cursorKey, cursor, { workspaceId, fingerprint }, backwards ? 'prev' : 'next') : undefined;
    const page = await store.transactionsPage(deps.db, workspaceId, filter, orderBy, sort, limit, position && { position, backwards });
    const link = (param: 'next' | 'prev', row: (typeof page.rows)[number]) => {
      const url = new URL(c.req.url);
      url.searchParams.delete('next');
      url.searchParams.delete('prev');
      const time = orderBy === 'createdAt' ? row.createdAt : row.updatedAt;
      url.searchParams.set(param, encodeCursor<TimePosition>(deps.secrets.cursorKey, workspaceId, fingerprint, { t: time.getTime(), id: row.id }));
      return url.toString();
    };
    const first = page.rows[0];
    const last = page.rows.at(-1);
    // Going back, the page it came from lies ahead; going forward from a cursor, one lies behind.
    if (last && (backwards || page.more)) c.header(NEXT_PAGE_HEADER, link('next', last));
    if (first && (backwards ? page.more : position !== undefined)) c.header(PREV_PAGE_HEADER, link('prev', first));
    return c.json(
      page.rows.map((row) => toDetails(row)),
      200,
    );
  });

  register(app, deps, routes.listVaultAccountTransactions, async (c) => {
    const { vaultAccountId } = c.req.valid('param');
    const { limit } = c.req.valid('query');
    const { workspaceId } = c.get('principal');
    if (!(await vaults.vaultAccountExists(deps.db, workspaceId, vaultAccountId))) throw notFound(`No vault account ${vaultAccountId}`);
    const rows = await store.ofVaultAccount(deps.db, workspaceId, vaultAccountId, limit);
    return c.json(
      rows.map((row) => toDetails(row)),
      200,
    );
  });

  register(app, deps, routes.getTransaction, async (c) => {
    const { txId } = c.req.valid('param');
    const row = await store.findTransaction(deps.db, c.get('principal').workspaceId, txId);
    if (!row) throw notFound(`No transaction ${txId}`);
    return c.json(withTimeline(row), 200);
  });

  register(app, deps, routes.createTransaction, async (c) => {
    const body = c.req.valid('json');
    const principal = c.get('principal');
    const { workspaceId } = principal;
    const d = body.destination;
    const [asset, names] = await Promise.all([
      chainAsset(deps.db, workspaceId, body.assetId),
      vaults.vaultAccountNames(deps.db, workspaceId, d.type === 'VAULT_ACCOUNT' ? [body.source.id, d.id] : [body.source.id]),
    ]);
    if (!asset) throw badRequest(`assetId ${body.assetId} is not an asset of the catalogue`, TRANSACTION_ERRORS.unknownAsset);
    const sourceName = names.get(body.source.id);
    if (sourceName === undefined) throw badRequest(`source.id ${body.source.id} is not a vault account of this workspace`, TRANSACTION_ERRORS.unknownAccount);
    let destination: PeerPath;
    let destinationAddress: string;
    if (d.type === 'VAULT_ACCOUNT') {
      const name = names.get(d.id);
      if (name === undefined) throw badRequest(`destination.id ${d.id} is not a vault account of this workspace`, TRANSACTION_ERRORS.unknownAccount);
      if (d.id === body.source.id) throw badRequest('destination must differ from source: a transfer to the same vault account moves nothing');
      destination = { type: 'VAULT_ACCOUNT', id: d.id, name };
      destinationAddress = vaultAddress(workspaceId, d.id, asset);
    } else {
      const problem = await checkDestinationAddress(asset.protocol, d.oneTimeAddress.address);
      if (problem) throw badRequest(`destination.oneTimeAddress.address is not a ${asset.legacyId} address: ${problem}`, TRANSACTION_ERRORS.invalidAddress);
      destination = { type: 'ONE_TIME_ADDRESS' };
      destinationAddress = d.oneTimeAddress.address;
    }
    return submissions.commit(
      c,
      {
        transfer: {
          workspaceId,
          asset,
          source: { type: 'VAULT_ACCOUNT', id: body.source.id, name: sourceName },
          destination,
          destinationAddress,
          ...(d.type === 'ONE_TIME_ADDRESS' && d.oneTimeAddress.tag ? { destinationTag: d.oneTimeAddress.tag } : {}),
          amount: body.amount,
          note: body.note,
          externalTxId: body.externalTxId,
          treatAsGrossAmount: body.treatAsGrossAmount,
          outcome: body.simulation?.outcome ?? 'COMPLETED',
          balancesMoved: false,
          createdBy: principal.id,
        },
        actor: actorOf(c, deps),
        source: body.source,
      },
      (row) => c.json({ id: row.id, status: 'SUBMITTED' as const }, 200),
    );
  });
}
