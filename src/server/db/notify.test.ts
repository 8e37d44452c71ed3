import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/harness';
import { openMigratedDatabase, type Database } from './client';
import { CHANNELS, LISTENER_APPLICATION_NAME, notify, type Subscriber } from './notify';

/** A subscriber that records what it hears, and lets a test wait for the next of it. */
class Recorder implements Subscriber {
  heard: string[] = [];
  private waiting: (() => void)[] = [];
  notice(payload: string) {
    this.heard.push(`notice:${payload}`);
    this.release();
  }
  catchUp() {
    this.heard.push('catch-up');
    this.release();
  }
  private release() {
    this.waiting.splice(0).forEach((resolve) => resolve());
  }
  /** Resolves once `what` has been heard (at any time since the last clear). */
  async until(what: string, timeoutMs = 5_000) {
    const end = Date.now() + timeoutMs;
    while (!this.heard.includes(what)) {
      if (Date.now() > end) throw new Error(`did not hear ${what}; heard ${JSON.stringify(this.heard)}`);
      await new Promise<void>((resolve) => {
        this.waiting.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }
  clear() {
    this.heard = [];
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

let database: Database & { url?: string };
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe(`database notices (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('tell a new subscriber to catch up, deliver a notice once its transaction commits, fold duplicates, and never deliver a rolled-back one', async () => {
    const heard = new Recorder();
    const unsubscribe = database.notices.subscribe(CHANNELS.transactions, heard);
    await heard.until('catch-up');
    heard.clear();
    let insideTransaction: string[] = [];
    await database.db.transaction(async (tx) => {
      await notify(tx, CHANNELS.transactions, 'tx-1');
      await notify(tx, CHANNELS.transactions, 'tx-1');
      await notify(tx, CHANNELS.orders, 'not this channel');
      await settle();
      insideTransaction = [...heard.heard];
    });
    await heard.until('notice:tx-1');
    expect(insideTransaction).toEqual([]);
    await database.db
      .transaction(async (tx) => {
        await notify(tx, CHANNELS.transactions, 'rolled back');
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await notify(database.db, CHANNELS.transactions, 'tx-2');
    await heard.until('notice:tx-2');
    await settle();
    expect(heard.heard).toEqual(['notice:tx-1', 'notice:tx-2']);
    unsubscribe();
    await notify(database.db, CHANNELS.transactions, 'after unsubscribing');
    await settle();
    expect(heard.heard).toEqual(['notice:tx-1', 'notice:tx-2']);
  });
});

describe.runIf(process.env.DATABASE_URL)('the PostgreSQL listener', () => {
  let other: Database;
  beforeAll(async () => {
    other = await openMigratedDatabase({ url: database.url! });
  });
  afterAll(() => other.close());

  const listenerPids = async () => {
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and application_name = $1', [
        LISTENER_APPLICATION_NAME,
      ]);
      return rows.map((r) => r.pid);
    } finally {
      await admin.end();
    }
  };

  it('hears notices sent by another instance, uses one connection for every channel, and reconnects when its connection is killed', async () => {
    // `other` is a second instance; `database` the one whose listener is killed.
    const transactions = new Recorder();
    const outbox = new Recorder();
    database.notices.subscribe(CHANNELS.transactions, transactions);
    database.notices.subscribe(CHANNELS.webhookOutbox, outbox);
    await Promise.all([transactions.until('catch-up'), outbox.until('catch-up')]);
    const before = await listenerPids();
    expect(before).toHaveLength(1);

    await notify(other.db, CHANNELS.transactions, 'from-other');
    await transactions.until('notice:from-other');

    transactions.clear();
    outbox.clear();
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    await admin.query('select pg_terminate_backend($1)', [before[0]]);
    await admin.end();
    // Back with a new connection, every subscriber told to catch up (notices may have been lost).
    await Promise.all([transactions.until('catch-up'), outbox.until('catch-up')]);
    const after = await listenerPids();
    expect(after).toHaveLength(1);
    expect(after[0]).not.toBe(before[0]);
    await notify(other.db, CHANNELS.webhookOutbox, 'after-reconnect');
    await outbox.until('notice:after-reconnect');
  });
});
