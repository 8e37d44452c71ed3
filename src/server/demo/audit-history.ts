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

type Person = { id: string; name: string; role: string };
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

/**
 * Writes `count` realistic events spread over the year before `endMs`, in time order, through the
 * same chain as live events, so the explorer has something to explore and the chain verifies.
 */
export async function seedAuditHistory(db: Db, workspaceId: string, people: Person[], count: number, endMs: number, seed = 2026): Promise<void> {
  const random = mulberry32(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const totalWeight = KINDS.reduce((sum, k) => sum + k.weight, 0);
  const startMs = endMs - 365 * 24 * 60 * 60 * 1000 + 60 * 60 * 1000;
  const times = Array.from({ length: count }, () => Math.floor(startMs + random() * (endMs - startMs))).sort((a, b) => a - b);
  const BATCH = 10_000;
  for (let offset = 0; offset < count; offset += BATCH) {
    const items = times.slice(offset, offset + BATCH).map((timestamp) => {
      let roll = random() * totalWeight;
      const kind = KINDS.find((k) => (roll -= k.weight) < 0) ?? KINDS[0]!;
      const eligible = kind.roles ? people.filter((p) => kind.roles!.includes(p.role)) : people;
      const person = pick(eligible.length ? eligible : people);
      return {
        actor: { userId: person.id, userName: person.name, requestId: randomUUID(), sourceAddress: pick(ADDRESSES) },
        entry: { ...kind.draft(pick, random), timestamp } as AuditEntry,
      };
    });
    await appendAuditEvents(db, workspaceId, items, new Date(endMs));
  }
}
