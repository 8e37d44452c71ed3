import type { Context } from 'hono';
import type { Db } from '../db/client';
import { commitWithResponse, leaseOf, settleAll } from './idempotency';
import type { AppEnv } from './types';

/** How a kind of write is made for one request, and for many at once with set-based statements. */
export interface GroupWork<Item, Result> {
  one(tx: Db, item: Item): Promise<Result>;
  /** The results in the order of the items. */
  all(tx: Db, items: Item[]): Promise<Result[]>;
}

interface Waiting<Item, Result> {
  c: Context<AppEnv>;
  item: Item;
  respond: (result: Result) => Response;
  resolve: (response: Response) => void;
  reject: (err: unknown) => void;
}

/**
 * Group commit for one kind of write. A request that finds no group being committed is committed at
 * once, alone, as commitWithResponse does. Requests that arrive while a group is being committed
 * wait for it and are then committed together: one database transaction, with the set-based
 * statements of `all` for all of them and each one's Idempotency-Key record settled in the same
 * transaction, so each request's effect and its stored response still commit together or not at
 * all. Nobody waits on a timer: under light load every group is one request, and under heavy load
 * the statements per request fall with the size of the groups (and a workspace's audit chain is
 * locked once per group rather than once per request).
 *
 * When a group's transaction fails (a conflict one of them causes, such as an external id already
 * taken; a lease a retry took over), nothing of it is written, and each of its requests is then
 * committed alone, so each gets its own answer and a failure reaches only the request that causes it.
 */
export class GroupCommit<Item, Result> {
  private waiting: Waiting<Item, Result>[] = [];
  private committing = false;

  constructor(
    private readonly db: Db,
    private readonly work: GroupWork<Item, Result>,
    private readonly maxGroup = 64,
  ) {}

  commit<R extends Response>(c: Context<AppEnv>, item: Item, respond: (result: Result) => R): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ c, item, respond, resolve: resolve as (response: Response) => void, reject });
      if (!this.committing) void this.drain();
    });
  }

  private async drain() {
    this.committing = true;
    try {
      while (this.waiting.length > 0) {
        // One turn of the event loop first: requests whose last read before committing has just
        // answered (on PGlite, every statement queued behind the previous group) join this group.
        await new Promise((resolve) => setImmediate(resolve));
        await this.commitGroup(this.waiting.splice(0, this.maxGroup));
      }
    } finally {
      this.committing = false;
    }
  }

  private async commitGroup(group: Waiting<Item, Result>[]) {
    if (group.length > 1) {
      let responses: Response[] | undefined;
      try {
        responses = await this.db.transaction(async (tx) => {
          const results = await this.work.all(
            tx,
            group.map((w) => w.item),
          );
          const answered = group.map((w, i) => w.respond(results[i]!));
          const held = group.flatMap((w, i) => {
            const lease = leaseOf(w.c);
            return lease ? [{ lease, response: answered[i]! }] : [];
          });
          if (!(await settleAll(tx, held))) throw new Error('an Idempotency-Key of the group is no longer held');
          return answered;
        });
      } catch {
        // Each alone, below: the failure is answered to the request that causes it.
      }
      if (responses) {
        group.forEach((w, i) => {
          const lease = leaseOf(w.c);
          if (lease) lease.settled = true;
          w.resolve(responses[i]!);
        });
        return;
      }
    }
    await Promise.all(group.map((w) => commitWithResponse(w.c, this.db, (tx) => this.work.one(tx, w.item), w.respond).then(w.resolve, w.reject)));
  }
}
