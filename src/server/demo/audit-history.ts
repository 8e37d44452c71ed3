import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client';
import { appendAuditEvents, type AuditEntry } from '../features/audit/record';

/** A small, seedable generator, so the demo history is the same on every machine. */
function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Person = { id: string; name: string; role: string };
type Draft = (pick: <T>(items: readonly T[]) => T, random: () => number) => AuditEntry;

const ASSETS = ['BTC', 'ETH', 'USDC_ETH', 'USDT_ERC20', 'SOL', 'MATIC_POLYGON', 'XLM', 'TRX', 'ALGO', 'AVAX'];
const round = (n: number, digits: number) => n.toFixed(digits);

// What a year of a busy workspace looks like, with relative weights (sign-ins dominate).
const KINDS: { weight: number; roles?: string[]; draft: Draft }[] = [
  { weight: 30, draft: () => ({ category: 'Security', subject: 'Sign-in', event: 'Signed in', detail: {} }) },
  {
    weight: 4,
    draft: (pick) => ({
      category: 'Security',
      subject: 'Sign-in',
      event: 'Sign-in failed',
      detail: { reason: pick(['wrong password', 'wrong password', 'account disabled']) },
    }),
  },
  { weight: 10, draft: () => ({ category: 'Security', subject: 'Session', event: 'Signed out', detail: {} }) },
  {
    weight: 2,
    draft: (pick) => ({
      category: 'Security',
      subject: 'API authentication',
      event: 'Authentication failed',
      detail: { code: pick([-1, -4, -7, -10]), reason: 'request signature refused' },
    }),
  },
  {
    weight: 2,
    draft: (pick) => ({
      category: 'Security',
      subject: 'Authorization',
      event: 'Refused',
      detail: { operation: pick(['listApiUsers', 'createOrder', 'getAuditLogs']) },
    }),
  },
  {
    weight: 1,
    roles: ['OWNER', 'ADMIN', 'NON_SIGNING_ADMIN'],
    draft: (pick) => {
      const before = pick([1, 2, 3]);
      return {
        category: 'Administration',
        subject: 'Quorum',
        event: pick(['Requested', 'Approved', 'Rejected', 'Executed', 'Canceled']),
        detail: { before: { adminQuorumThreshold: before }, after: { adminQuorumThreshold: before === 3 ? 2 : before + 1 } },
      };
    },
  },
  {
    weight: 2,
    roles: ['OWNER', 'ADMIN', 'NON_SIGNING_ADMIN'],
    draft: (pick) => {
      const event = pick(['Requested', 'Approved', 'Executed', 'Enabled', 'Disabled', 'Pairing token issued']);
      const enabled = event === 'Enabled';
      return {
        category: 'Administration',
        subject: 'API user',
        event,
        detail: {
          name: pick(['Treasury bot', 'Settlement bot', 'Reporting', 'Rebalancer']),
          ...(event === 'Enabled' || event === 'Disabled' ? { before: { enabled: !enabled }, after: { enabled } } : {}),
        },
      };
    },
  },
  {
    weight: 1,
    roles: ['OWNER', 'ADMIN', 'NON_SIGNING_ADMIN'],
    draft: (pick) => ({ category: 'Administration', subject: 'Approval request', event: pick(['Approved', 'Rejected']), detail: {} }),
  },
  {
    weight: 3,
    draft: (pick) => ({
      category: 'Catalogue',
      subject: 'Note',
      event: 'Updated',
      detail: { assetId: pick(ASSETS), before: { text: null }, after: { text: 'Reviewed for the monthly report' } },
    }),
  },
  {
    weight: 1,
    roles: ['OWNER', 'ADMIN', 'EDITOR'],
    draft: (pick) => ({
      category: 'Catalogue',
      subject: 'Asset',
      event: 'Registered',
      detail: { blockchainId: pick(['ETH', 'MATIC_POLYGON', 'SOL', 'XLM']), scope: 'LOCAL' },
    }),
  },
  {
    weight: 2,
    roles: ['OWNER', 'ADMIN', 'EDITOR'],
    draft: (pick, random) => ({
      category: 'Catalogue',
      subject: 'Price',
      event: 'Set',
      detail: { assetId: pick(ASSETS), currency: 'USD', after: { price: round(0.5 + random() * 70000, 2) } },
    }),
  },
  {
    weight: 12,
    roles: ['OWNER', 'ADMIN', 'SIGNER', 'EDITOR'],
    draft: (pick, random) => ({
      category: 'Trading',
      subject: 'Order',
      event: pick(['Created', 'Created', 'Completed', 'Completed', 'Failed', 'Canceled']),
      detail: { side: pick(['BUY', 'SELL']), baseAssetId: pick(ASSETS), quoteAssetId: 'USDC_ETH', baseAmount: round(random() * 25, 6) },
    }),
  },
  { weight: 1, draft: (pick) => ({ category: 'Trading', subject: 'Quote', event: 'Requested', detail: { baseAssetId: pick(ASSETS) } }) },
  {
    weight: 3,
    draft: (pick) => ({
      category: 'Compliance',
      subject: 'Travel rule',
      event: pick(['Action resolved', 'Accepted', 'Rejected']),
      detail: { direction: pick(['in', 'out']) },
    }),
  },
  {
    weight: 1,
    roles: ['OWNER', 'ADMIN', 'SECURITY_ADMIN'],
    draft: (pick) => {
      const field = pick(['disableBypass', 'disableUnfreeze']);
      const after = pick([true, false]);
      return { category: 'Compliance', subject: 'Screening', event: 'Updated', detail: { before: { [field]: !after }, after: { [field]: after } } };
    },
  },
  {
    weight: 1,
    roles: ['OWNER', 'ADMIN'],
    draft: (pick) => ({ category: 'Earn', subject: 'Terms of service', event: 'Approved', detail: { providerId: pick(['AAVE', 'MORPHO']) } }),
  },
  {
    weight: 20,
    draft: (pick, random) => ({
      category: 'Transactions',
      subject: 'Transaction',
      event: pick(['Submitted', 'Completed', 'Completed', 'Completed', 'Failed', 'Rejected']),
      detail: { assetId: pick(ASSETS), amount: round(random() * 100, 8), txId: randomUUID() },
    }),
  },
  {
    weight: 2,
    roles: ['OWNER', 'ADMIN'],
    draft: (pick) => ({
      category: 'Webhooks',
      subject: pick(['Webhook', 'Notification'] as const),
      event: pick(['Created', 'Updated', 'Resent', 'Deleted']),
      detail: {},
    }),
  },
];

const ADDRESSES = ['203.0.113.10', '203.0.113.24', '198.51.100.7', '198.51.100.42', '192.0.2.15'];

/** What a history is generated from: the same plan makes the same events on every machine. */
export interface HistoryPlan {
  count: number;
  endMs: number;
  seed: number;
  /** How many days before `endMs` the events spread over: a year unless given. */
  days?: number;
}

/**
 * A history is generated in batches of this many events, each from a generator of its own, so that
 * any batch can be written on its own: the demo's is written newest first after the service is
 * ready, a batch per transaction, and resumed from where it stopped.
 */
export const HISTORY_BATCH = 250;

/** Every event's time, in order, spread over the days before `endMs` (one array per plan, made once). */
export function historyTimes(plan: HistoryPlan): number[] {
  const random = mulberry32(plan.seed);
  const startMs = plan.endMs - (plan.days ?? 365) * 24 * 60 * 60 * 1000 + 60 * 60 * 1000;
  return Array.from({ length: plan.count }, () => Math.floor(startMs + random() * (plan.endMs - startMs))).sort((a, b) => a - b);
}

const totalWeight = KINDS.reduce((sum, k) => sum + k.weight, 0);

/** The events of batch `b` (those from `b * HISTORY_BATCH` in time order), acted by `people`. */
function historyBatch(plan: HistoryPlan, times: number[], people: Person[], b: number) {
  const random = mulberry32((plan.seed ^ Math.imul(b + 1, 0x9e3779b9)) >>> 0);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  return times.slice(b * HISTORY_BATCH, (b + 1) * HISTORY_BATCH).map((timestamp) => {
    let roll = random() * totalWeight;
    const kind = KINDS.find((k) => (roll -= k.weight) < 0) ?? KINDS[0]!;
    const eligible = kind.roles ? people.filter((p) => kind.roles!.includes(p.role)) : people;
    const person = pick(eligible.length ? eligible : people);
    return {
      actor: { userId: person.id, userName: person.name, requestId: randomUUID(), sourceAddress: pick(ADDRESSES) },
      entry: { ...kind.draft(pick, random), timestamp } as AuditEntry,
    };
  });
}

/**
 * Writes the newest events of the plan that are not written yet, at most `max` (whole batches),
 * `written` being how many of the newest are: answers how many it wrote. Each batch goes through the
 * same chain as live events, so the explorer has something to explore and the chain verifies.
 */
export async function appendNewestUnwritten(db: Db, workspaceId: string, people: Person[], plan: HistoryPlan, times: number[], written: number, max: number) {
  const items = [];
  let left = plan.count - written;
  while (left > 0 && items.length < max) {
    const batch = historyBatch(plan, times, people, Math.ceil(left / HISTORY_BATCH) - 1);
    items.unshift(...batch);
    left -= batch.length;
  }
  await appendAuditEvents(db, workspaceId, items, new Date(plan.endMs));
  return items.length;
}

/** Writes a whole history of `count` events over the year (or `days`) before `endMs`, in time order. */
export async function seedAuditHistory(
  db: Db,
  workspaceId: string,
  people: Person[],
  count: number,
  endMs: number,
  { seed = 2026, days }: { seed?: number; days?: number } = {},
): Promise<void> {
  const plan = { count, endMs, seed, days };
  const times = historyTimes(plan);
  // Forty batches to a statement: a large load goes faster in fewer, larger statements.
  const batches = Math.ceil(count / HISTORY_BATCH);
  for (let first = 0; first < batches; first += 40) {
    const items = [];
    for (let b = first; b < Math.min(first + 40, batches); b += 1) items.push(...historyBatch(plan, times, people, b));
    await appendAuditEvents(db, workspaceId, items, new Date(endMs));
  }
}
