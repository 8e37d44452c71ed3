import { randomUUID } from 'node:crypto';
import { lt, sql } from 'drizzle-orm';
import { ADVISORY_LOCKS } from '../../db/advisory-lock';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/rows';
import type { Logger } from '../../logger';
import { liveStreamLeases } from './schema';

/** How often an instance renews the leases of its open streams (the streams' heartbeat period). */
const LEASE_RENEW_MS = 15_000;
/**
 * How long a lease lasts without renewal: the places of an instance that died (or lost the
 * database) stay taken this long at most, while two missed renewals in a row still keep a live
 * instance's streams counted.
 */
export const LEASE_MS = 3 * LEASE_RENEW_MS;

/** Deletes the leases of instances that stopped renewing them (a housekeeping purge, server.ts). */
export async function purgeExpiredLeases(db: Db, now: Date): Promise<void> {
  await db.delete(liveStreamLeases).where(lt(liveStreamLeases.expiresAt, now));
}

/**
 * The per-user limit on open streams, counted in the database so that it holds across every
 * instance: one lease row per open stream (live_stream_leases). An instance renews its rows every
 * LEASE_RENEW_MS and deletes each as its stream ends; the rows of an instance that stopped without
 * ending its streams expire after LEASE_MS and no longer count.
 */
export class StreamLeases {
  /** This instance, as its lease rows name it. */
  private readonly instance = randomUUID();
  private held = 0;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
  ) {}

  /** A lease for one more stream of `caller`, unless it already holds `limit` on all instances together: the lease's id, or undefined to refuse. */
  async take(caller: string, limit: number): Promise<string | undefined> {
    const id = randomUUID();
    const rows = await this.db.transaction(async (tx) => {
      // One count per caller at a time across instances, so two opening at once cannot both take the last place.
      await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.liveStreams}, hashtext(${caller}))`);
      return queryRows<{ id: string }>(
        tx as unknown as Db,
        sql`with expired as (delete from live_stream_leases where caller = ${caller} and expires_at <= now())
            insert into live_stream_leases (id, caller, instance, expires_at)
            select ${id}, ${caller}, ${this.instance}, now() + make_interval(secs => ${LEASE_MS / 1000})
            where (select count(*) from live_stream_leases where caller = ${caller} and expires_at > now()) < ${limit}
            returning id`,
      );
    });
    if (rows.length === 0) return undefined;
    this.held++;
    this.timer ??= setInterval(() => void this.renew(), LEASE_RENEW_MS).unref();
    return id;
  }

  /** Frees a lease's place at once; one that cannot be deleted expires by itself. */
  async release(id: string): Promise<void> {
    this.held--;
    if (this.held === 0) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
    await this.db
      .execute(sql`delete from live_stream_leases where id = ${id}`)
      .catch((err: unknown) => this.logger.error({ err }, 'could not free a live stream’s place; it expires by itself'));
  }

  private async renew() {
    await this.db
      .execute(sql`update live_stream_leases set expires_at = now() + make_interval(secs => ${LEASE_MS / 1000}) where instance = ${this.instance}`)
      .catch((err: unknown) => this.logger.error({ err }, 'could not renew the leases of this instance’s live streams'));
  }
}
