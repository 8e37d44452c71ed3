import { EMPTY_DRAFT, type OrderDraft } from './order-draft';

/**
 * The order builder's draft, kept in this tab's session storage so that an accidental reload
 * loses nothing. It holds the participants' personal data, so it never goes into the address, it
 * is stored per workspace and person (someone else signing in on this tab does not see it), and
 * it is removed once the order is accepted.
 */
export interface StoredDraft {
  draft: OrderDraft;
  /** The step on screen, and the furthest step reached (the stepper lets you go back to any of them). */
  step: number;
  reached: number;
  /**
   * The last request sent and its Idempotency-Key, kept until the service accepts it: the same
   * request sent again, even after a reload, carries the same key, so it cannot make a second order.
   */
  submission: { fingerprint: string; key: string } | null;
}

const VERSION = 1;

export interface DraftOwner {
  id: string;
  workspaceId: string;
}

const storageKey = (owner: DraftOwner) => `asset-ops.trading.order-draft.${owner.workspaceId}.${owner.id}`;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** `saved` over `shape`: only the keys the shape knows, each of the shape's type, so an old or edited entry cannot break the form. */
function merged<T>(shape: T, saved: unknown): T {
  if (isObject(shape)) {
    if (!isObject(saved)) return shape;
    return Object.fromEntries(Object.entries(shape).map(([key, value]) => [key, merged(value, saved[key])])) as T;
  }
  if (shape === null) return (isObject(saved) ? saved : null) as T;
  return typeof saved === typeof shape ? (saved as T) : shape;
}

export function loadDraft(owner: DraftOwner): StoredDraft | null {
  let saved: unknown;
  try {
    saved = JSON.parse(sessionStorage.getItem(storageKey(owner)) ?? 'null');
  } catch {
    return null;
  }
  if (!isObject(saved) || saved.version !== VERSION) return null;
  const submission =
    isObject(saved.submission) && typeof saved.submission.fingerprint === 'string' && typeof saved.submission.key === 'string' ? saved.submission : null;
  return {
    draft: merged(EMPTY_DRAFT, saved.draft),
    step: typeof saved.step === 'number' ? saved.step : 0,
    reached: typeof saved.reached === 'number' ? saved.reached : 0,
    submission: submission as StoredDraft['submission'],
  };
}

export function saveDraft(owner: DraftOwner, stored: StoredDraft): void {
  try {
    sessionStorage.setItem(storageKey(owner), JSON.stringify({ version: VERSION, ...stored }));
  } catch {
    // Storage full or switched off: the builder still works, only a reload would lose the draft.
  }
}

export function clearDraft(owner: DraftOwner): void {
  sessionStorage.removeItem(storageKey(owner));
}
