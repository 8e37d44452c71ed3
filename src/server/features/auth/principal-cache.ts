import { isOwnedByThisProcess, type Db } from '../../db/client';

/**
 * Who was accepted in the last second, so a burst of requests from one session or one API user
 * reads the user once rather than on every request (it was a round trip to the database on each,
 * the largest fixed cost of a short read).
 *
 * Only on a database that this process alone can open (the embedded one): there every change that
 * ends access is made by this process, which clears every entry after it commits (sign-out, a
 * reused refresh cookie revoking its sign-in, an API user disabled: forgetPrincipals), and a load
 * that began before the clear does not store what it read. Only accepted principals are kept, so a
 * user who becomes able to call (an API user made READY, enabled again) is seen at once. On
 * PostgreSQL, which several instances share, a sign-out on one instance must end the token on the
 * others at once, and no instance would hear of it in time: there the principal is read on every
 * request (the fleet suite signs out on one instance and reads on all three at once).
 */
export const PRINCIPAL_TTL_MS = 1_000;
const MAX_ENTRIES = 10_000;

let generation = 0;
const caches: ShortCache<unknown>[] = [];

export class ShortCache<T> {
  private readonly entries = new Map<string, { value: T; until: number }>();

  constructor() {
    caches.push(this as ShortCache<unknown>);
  }

  /** The value loaded from `db` within PRINCIPAL_TTL_MS, or a fresh load; a value is kept only when `keep` says so. */
  async get(db: Db, key: string, load: () => Promise<T | undefined>, keep: (value: T) => boolean): Promise<T | undefined> {
    if (!isOwnedByThisProcess(db)) return load();
    const now = performance.now();
    const hit = this.entries.get(key);
    if (hit && hit.until > now) return hit.value;
    const startedIn = generation;
    const value = await load();
    if (value === undefined || !keep(value) || startedIn !== generation) {
      this.entries.delete(key);
      return value;
    }
    // Oldest first out: a Map iterates in insertion order.
    this.entries.delete(key);
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, until: now + PRINCIPAL_TTL_MS });
    return value;
  }

  clear() {
    this.entries.clear();
  }
}

/** Call after a change that ends someone's access has committed. */
export function forgetPrincipals(): void {
  generation++;
  for (const cache of caches) cache.clear();
}
