import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { preparedFor } from '../../db/prepared';
import { catalogueVersions } from './schema';
import { GLOBAL_KEY } from './store';

/** What one instance keeps at most, counted in characters of JSON (a page of 100 assets is about 70,000). */
const MAX_CHARS = 32_000_000;

/**
 * The sum of the workspace's counter and the global catalogue's: both only ever rise, so any
 * change to either raises the sum, and one number says whether a kept page is still current.
 */
const versionOf = preparedFor((db) =>
  db
    .select({ version: sql<string>`coalesce(sum(${catalogueVersions.version}), 0)::text` })
    .from(catalogueVersions)
    .where(sql`${catalogueVersions.workspaceId} in (${GLOBAL_KEY}, ${sql.placeholder('workspaceId')}::uuid)`)
    .prepare('catalogue_version_of'),
);

/**
 * Asset pages as last written, served again while nothing they show has changed: a page of 100
 * assets took 3.8 ms of the embedded database's one thread to build, the counters that say whether
 * it changed take one primary-key read. Triggers raise a workspace's counter (or the global
 * catalogue's) in the transaction of every change to assets, blockchains, prices or notes
 * (catalogue migration 0004), so a change committed through any instance is seen by the next read
 * on every instance: nothing is served that a fresh query would not answer.
 *
 * Why the order of the two reads keeps that true: the counters are read before the page is built,
 * so a page is never older than the counters it is kept with. A change that commits in between
 * makes a page newer than its counters, which only costs one more build on the next read.
 */
export class AssetPageCache {
  private readonly pages = new Map<string, { version: string; json: string }>();
  private chars = 0;

  constructor(
    private readonly db: Db,
    private readonly maxChars = MAX_CHARS,
  ) {}

  /** The page under `key` of one workspace, from memory while the workspace's counters stand, else from `build`. */
  async get(workspaceId: string, key: string, build: () => Promise<string>): Promise<string> {
    // An aggregate: always one row.
    const version = (await versionOf(this.db).execute({ workspaceId }))[0]!.version;
    const id = `${workspaceId}\n${key}`;
    const kept = this.pages.get(id);
    if (kept?.version === version) {
      // Read again: to the newest end (a Map iterates in insertion order, so the least recently read go first).
      this.pages.delete(id);
      this.pages.set(id, kept);
      return kept.json;
    }
    const json = await build();
    this.keep(id, version, json);
    return json;
  }

  private keep(id: string, version: string, json: string) {
    const before = this.pages.get(id);
    if (before) this.forget(id, before.json);
    if (json.length > this.maxChars) return;
    this.pages.set(id, { version, json });
    this.chars += json.length;
    for (const [oldest, page] of this.pages) {
      if (this.chars <= this.maxChars) break;
      this.forget(oldest, page.json);
    }
  }

  private forget(id: string, json: string) {
    this.pages.delete(id);
    this.chars -= json.length;
  }
}
