import { and, eq, inArray, isNull, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AssetSort, Blockchain } from '../../../contract/catalogue';
import type { Db } from '../../db/client';
import type { AddressFamily } from '../../../contract/address-rules';
import { ADDRESS_HINTS } from './address';
import { catalogueAssets, catalogueBlockchains, catalogueNotes, cataloguePrices, catalogueSettings } from './schema';
import { UUID } from '../../db/uuid';
import { queryRows } from '../../db/rows';
import { preparedFor } from '../../db/prepared';

export type BlockchainRow = typeof catalogueBlockchains.$inferSelect;
export type AssetRow = typeof catalogueAssets.$inferSelect;

/** A blockchain named by its uuid or its legacy id. */
const blockchainNamed = (idOrLegacy: string) =>
  UUID.test(idOrLegacy)
    ? or(eq(catalogueBlockchains.id, idOrLegacy), eq(catalogueBlockchains.legacyId, idOrLegacy))!
    : eq(catalogueBlockchains.legacyId, idOrLegacy);

/** A blockchain by its uuid or its legacy id, and by its legacy id alone (a text that is no uuid), each prepared once per database. */
const blockchainById = preparedFor((db) =>
  db
    .select()
    .from(catalogueBlockchains)
    .where(or(eq(catalogueBlockchains.id, sql.placeholder('id')), eq(catalogueBlockchains.legacyId, sql.placeholder('id'))))
    .prepare('blockchain_by_id'),
);
const blockchainByLegacyId = preparedFor((db) =>
  db
    .select()
    .from(catalogueBlockchains)
    .where(eq(catalogueBlockchains.legacyId, sql.placeholder('id')))
    .prepare('blockchain_by_legacy_id'),
);

export async function findBlockchain(db: Db, idOrLegacy: string): Promise<BlockchainRow | undefined> {
  const [row] = await (UUID.test(idOrLegacy) ? blockchainById : blockchainByLegacyId)(db).execute({ id: idOrLegacy });
  return row;
}

export function toBlockchain(row: BlockchainRow): Blockchain {
  return {
    id: row.id,
    legacyId: row.legacyId,
    displayName: row.displayName,
    nativeAssetId: row.nativeAssetId,
    onchain: {
      protocol: row.protocol,
      ...(row.chainId === null ? {} : { chainId: row.chainId }),
      test: row.test,
      signingAlgo: row.signingAlgo as Blockchain['onchain']['signingAlgo'],
    },
    metadata: { scope: 'GLOBAL', deprecated: row.deprecated, media: [], explorer: row.explorer as Blockchain['metadata']['explorer'] },
    registration: {
      supported: row.registration === 'SELF_SERVE',
      family: row.family,
      addressHint: row.family ? ADDRESS_HINTS[row.family as AddressFamily] : null,
      standard: row.tokenStandard,
    },
  };
}

export async function listBlockchains(
  db: Db,
  f: { protocol?: string; deprecated?: boolean; test?: boolean; ids?: string[] },
  pageSize: number,
  after?: string,
) {
  const where: SQL[] = [];
  if (f.protocol) where.push(eq(catalogueBlockchains.protocol, f.protocol));
  if (f.deprecated !== undefined) where.push(eq(catalogueBlockchains.deprecated, f.deprecated));
  if (f.test !== undefined) where.push(eq(catalogueBlockchains.test, f.test));
  if (f.ids?.length) {
    const uuids = f.ids.filter((i) => UUID.test(i));
    where.push(or(inArray(catalogueBlockchains.legacyId, f.ids), ...(uuids.length ? [inArray(catalogueBlockchains.id, uuids)] : []))!);
  }
  if (after) where.push(sql`${catalogueBlockchains.id} > ${after}::uuid`);
  const rows = await db
    .select()
    .from(catalogueBlockchains)
    .where(and(...where))
    .orderBy(catalogueBlockchains.id)
    .limit(pageSize + 1);
  return { data: rows.slice(0, pageSize).map(toBlockchain), more: rows.length > pageSize };
}

/** What a workspace sees: the global catalogue plus its own assets. */
const visibleTo = (workspaceId: string | Placeholder) => or(isNull(catalogueAssets.workspaceId), eq(catalogueAssets.workspaceId, workspaceId))!;

/** The nil uuid stands for "global" in catalogue_assets_legacy_key, and for the global catalogue's counter in catalogue_versions. */
export const GLOBAL_KEY = sql`'00000000-0000-0000-0000-000000000000'::uuid`;

/** The assets the workspace sees by this legacy id (its own and a global one), written as that unique index reads it. */
const legacyIdVisibleTo = (workspaceId: string | Placeholder, legacyId: string | Placeholder) =>
  sql`(coalesce(${catalogueAssets.workspaceId}, ${GLOBAL_KEY}) in (${GLOBAL_KEY}, ${workspaceId}::uuid) and ${catalogueAssets.legacyId} = ${legacyId})`;

/** An asset the workspace sees by its uuid or legacy id (the candidates: at most a global and a workspace's own one); `byUuid`: the id has a uuid's shape. */
const assetNamed = (workspaceId: string | Placeholder, idOrLegacy: string | Placeholder, byUuid: boolean) =>
  byUuid
    ? or(and(visibleTo(workspaceId), eq(catalogueAssets.id, idOrLegacy)), legacyIdVisibleTo(workspaceId, idOrLegacy))!
    : legacyIdVisibleTo(workspaceId, idOrLegacy);

export async function findAsset(db: Db, workspaceId: string, idOrLegacy: string): Promise<AssetRow | undefined> {
  // A workspace's own asset wins over a global one of the same legacy id.
  const rows = await db
    .select()
    .from(catalogueAssets)
    .where(assetNamed(workspaceId, idOrLegacy, UUID.test(idOrLegacy)));
  return rows.find((r) => r.workspaceId !== null) ?? rows[0];
}

/** What a transfer needs of an asset, its chain and the chain's native asset. */
export interface AssetOnChain {
  legacyId: string;
  assetClass: string;
  standards: string[];
  blockchainId: string | null;
  protocol: string | null;
  nativeLegacyId: string | null;
}

/**
 * assetOnChain's statement by a uuid and by a legacy id, each built once per database rather than by
 * drizzle for every transfer. On PostgreSQL it is prepared by name once per connection; on PGlite every
 * statement text is kept prepared (keepingStatementsPrepared).
 */
const assetOnChainStatement = (byUuid: boolean) =>
  preparedFor((db) => {
    const workspaceId = sql.placeholder('workspaceId');
    return db
      .select({
        legacyId: catalogueAssets.legacyId,
        assetClass: catalogueAssets.assetClass,
        standards: sql<string[]>`${catalogueAssets.standards}`,
        blockchainId: catalogueBlockchains.id,
        protocol: catalogueBlockchains.protocol,
        nativeLegacyId: sql<
          string | null
        >`(select n.legacy_id from ${catalogueAssets} n where n.id = ${catalogueBlockchains.nativeAssetId} and (n.workspace_id is null or n.workspace_id = ${workspaceId}::uuid))`,
      })
      .from(catalogueAssets)
      .leftJoin(catalogueBlockchains, eq(catalogueBlockchains.id, catalogueAssets.blockchainId))
      .where(assetNamed(workspaceId, sql.placeholder('id'), byUuid))
      .orderBy(sql`${catalogueAssets.workspaceId} nulls last`)
      .limit(1)
      .prepare(byUuid ? 'asset_on_chain_by_id' : 'asset_on_chain_by_legacy_id');
  });
const assetOnChainById = assetOnChainStatement(true);
const assetOnChainByLegacyId = assetOnChainStatement(false);

/**
 * The asset as findAsset picks it (a workspace's own before a global one of the same legacy id),
 * with its chain's protocol and the legacy id of the chain's native asset, in one statement: it is
 * on the way of every transfer and order settlement, where three full-row reads were a quarter of
 * a transfer's time in the database.
 */
export async function assetOnChain(db: Db, workspaceId: string, idOrLegacy: string): Promise<AssetOnChain | undefined> {
  const [row] = await (UUID.test(idOrLegacy) ? assetOnChainById : assetOnChainByLegacyId)(db).execute({ workspaceId, id: idOrLegacy });
  return row;
}

/**
 * The Asset of the contract: the row's ready-made document (see `doc` in the schema) with the
 * calling user's own note (`n.note`) and the workspace's latest price (`p.price`) set where there
 * are any, joined once per page rather than looked up row by row. What has no value is left out
 * (the SDKs declare those fields optional, not nullable), as in the document itself.
 */
const ASSET_JSON = sql`case when n.note is null and p.price is null then a.doc
  else jsonb_strip_nulls(jsonb_set(jsonb_set(a.doc::jsonb, '{metadata,note}', coalesce(n.note::jsonb, 'null')), '{price}', coalesce(p.price::jsonb, 'null')))::text end`;

/** Notes and latest prices of the assets in `rows` (a CTE name), for one user of one workspace. */
const decorations = (rows: SQL, workspaceId: string, userId: string) => sql`
  left join (select asset_id, json_build_object('text', text, 'userId', user_id, 'userName', user_name,
                                               'updatedAt', to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) as note
             from ${catalogueNotes} where workspace_id = ${workspaceId}::uuid and user_id = ${userId} and asset_id in (select id from ${rows})) n
    on n.asset_id = a.id
  left join (select distinct on (asset_id) asset_id,
               json_build_object('currency', currency, 'price', price::text, 'lastUpdateAt', floor(extract(epoch from updated_at))::bigint) as price
             from ${cataloguePrices} where workspace_id = ${workspaceId}::uuid and asset_id in (select id from ${rows})
             order by asset_id, updated_at desc) p
    on p.asset_id = a.id`;

export interface AssetFilter {
  /** The uuid or the legacy id of a blockchain; one that does not exist matches no asset. */
  blockchainId?: string;
  assetClass?: string;
  symbol?: string;
  scope?: 'GLOBAL' | 'LOCAL';
  deprecated?: boolean;
  ids?: string[];
  /** Search (extension): a part of the symbol, name or address, in any case. */
  q?: string;
  sort?: AssetSort;
}

/**
 * Where a page ended: the last id in id order (the spec's order), or, for a search or a sort, the
 * last row's rank, sort key and id, since those lists are in that order.
 */
export type AssetPosition = string | [rank: number, key: string, id: string];

/**
 * A search or a sort orders by rank (an exact symbol, a symbol that starts with the text, a name that
 * starts with it, the rest: a part of a symbol, a name or an address), then the sort key, then id.
 */
const isRankedList = (f: AssetFilter) => f.q !== undefined || f.sort !== undefined;

export async function assetPage(db: Db, workspaceId: string, userId: string, f: AssetFilter, pageSize: number, after?: AssetPosition) {
  const [row] = await queryRows<{ data: string; fetched: number; last: string | null }>(db, assetPageQuery(workspaceId, userId, f, pageSize, after));
  const more = Number(row!.fetched) > pageSize;
  if (!isRankedList(f)) return { json: row!.data, more, last: row!.last };
  return { json: row!.data, more, last: row!.last === null ? null : (JSON.parse(row!.last) as [number, string, string]) };
}

/**
 * The statement of one page: its JSON (`data`), how many rows it fetched (one more than the page
 * says there is a next) and where it ended (`last`). assetPage runs it; a test explains its plan.
 */
export function assetPageQuery(workspaceId: string, userId: string, f: AssetFilter, pageSize: number, after?: AssetPosition): SQL {
  const where: SQL[] = [sql`(a.workspace_id is null or a.workspace_id = ${workspaceId}::uuid)`];
  // Resolved inside the page's query: one round trip fewer than looking the chain up first.
  if (f.blockchainId)
    where.push(sql`a.blockchain_id = (select ${catalogueBlockchains.id} from ${catalogueBlockchains} where ${blockchainNamed(f.blockchainId)})`);
  if (f.assetClass) where.push(sql`a.asset_class = ${f.assetClass}`);
  if (f.symbol) where.push(sql`a.onchain_symbol = ${f.symbol}`);
  if (f.scope === 'GLOBAL') where.push(sql`a.workspace_id is null`);
  if (f.scope === 'LOCAL') where.push(sql`a.workspace_id = ${workspaceId}::uuid`);
  if (f.deprecated !== undefined) where.push(sql`a.deprecated = ${f.deprecated}`);
  if (f.ids?.length) {
    const uuids = f.ids.filter((i) => UUID.test(i));
    const byLegacy = sql`a.legacy_id in (${sql.join(
      f.ids.map((i) => sql`${i}`),
      sql`, `,
    )})`;
    where.push(
      uuids.length
        ? sql`(${byLegacy} or a.id in (${sql.join(
            uuids.map((i) => sql`${i}::uuid`),
            sql`, `,
          )}))`
        : byLegacy,
    );
  }
  if (isRankedList(f)) return rankedPageQuery(workspaceId, userId, f, where, pageSize, Array.isArray(after) ? after : undefined);
  if (typeof after === 'string') where.push(sql`a.id > ${after}::uuid`);
  // One row more than the page says whether there is a next one; uuids compare as their text does.
  return sql`with fetched as (
      select a.id, a.doc from ${catalogueAssets} a where ${sql.join(where, sql` and `)} order by a.id limit ${pageSize + 1}
    ), page as (select id, doc from fetched order by id limit ${pageSize})
    select coalesce('[' || string_agg(${ASSET_JSON}, ',' order by a.id) || ']', '[]') as data,
      (select count(*) from fetched)::int as fetched, max(a.id::text) as last
    from page a ${decorations(sql`page`, workspaceId, userId)}`;
}

/** `text` as an ILIKE pattern that finds it anywhere: its `%`, `_` and `\` stand for themselves. */
const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A page of a search or a sorted list. The text is matched with ILIKE on each column (a `%` or `_`
 * in it is a plain character), which the trigram index catalogue_assets_search_idx answers for a
 * text of three characters or more; a shorter one reads the rows the workspace sees.
 */
function rankedPageQuery(workspaceId: string, userId: string, f: AssetFilter, where: SQL[], pageSize: number, after?: [number, string, string]): SQL {
  const sort = f.sort ?? 'symbol';
  const descending = sort.startsWith('-');
  const key = sort.endsWith('symbol') ? sql`lower(a.display_symbol)` : sql`lower(a.display_name)`;
  let rank = sql`0`;
  if (f.q !== undefined) {
    const text = sql`lower(${f.q})`;
    const pattern = containsPattern(f.q);
    where.push(
      sql`(${sql.join(
        [sql`a.display_symbol`, sql`a.onchain_symbol`, sql`a.display_name`, sql`a.onchain_name`, sql`a.address`].map(
          (column) => sql`${column} ilike ${pattern}`,
        ),
        sql` or `,
      )})`,
    );
    rank = sql`case when lower(a.display_symbol) = ${text} or lower(a.onchain_symbol) = ${text} then 0
      when starts_with(lower(a.display_symbol), ${text}) or starts_with(lower(a.onchain_symbol), ${text}) then 1
      when starts_with(lower(a.display_name), ${text}) or starts_with(lower(a.onchain_name), ${text}) then 2 else 3 end`;
  }
  const direction = descending ? sql`desc` : sql`asc`;
  const beyond = after
    ? descending
      ? sql`where s.r > ${after[0]} or (s.r = ${after[0]} and (s.k, s.id) < (${after[1]}, ${after[2]}::uuid))`
      : sql`where s.r > ${after[0]} or (s.r = ${after[0]} and (s.k, s.id) > (${after[1]}, ${after[2]}::uuid))`
    : sql``;
  return sql`with fetched as (
      select s.* from (select a.id, a.doc, ${rank} as r, ${key} as k from ${catalogueAssets} a where ${sql.join(where, sql` and `)}) s
      ${beyond} order by s.r, s.k ${direction}, s.id ${direction} limit ${pageSize + 1}
    ), page as (
      select *, row_number() over (order by r, k ${direction}, id ${direction}) as ord from fetched order by ord limit ${pageSize}
    )
    select coalesce('[' || string_agg(${ASSET_JSON}, ',' order by a.ord) || ']', '[]') as data,
      (select count(*) from fetched)::int as fetched,
      (select json_build_array(r, k, id)::text from page order by ord desc limit 1) as last
    from page a ${decorations(sql`page`, workspaceId, userId)}`;
}

export async function assetById(db: Db, workspaceId: string, userId: string, id: string): Promise<string> {
  const [row] = await queryRows<{ asset: string }>(
    db,
    sql`with one as (select * from ${catalogueAssets} where id = ${id}::uuid)
        select ${ASSET_JSON} as asset from one a ${decorations(sql`one`, workspaceId, userId)}`,
  );
  return row!.asset;
}

export async function settingsOf(db: Db, workspaceId: string) {
  const [row] = await db.select().from(catalogueSettings).where(eq(catalogueSettings.workspaceId, workspaceId));
  return row ?? { workspaceId, assetQuota: 100, allowTestnetAssets: true, allowMainnetAssets: true, allowPriceSetting: true };
}

export async function localAssetCount(db: Db, workspaceId: string): Promise<number> {
  return db.$count(catalogueAssets, eq(catalogueAssets.workspaceId, workspaceId));
}

/** The asset with this address on this chain that the workspace already sees (global or its own). */
export async function assetAtAddress(db: Db, workspaceId: string, blockchainId: string, key: string): Promise<AssetRow | undefined> {
  const [row] = await db
    .select()
    .from(catalogueAssets)
    .where(and(visibleTo(workspaceId), eq(catalogueAssets.blockchainId, blockchainId), eq(catalogueAssets.addressKey, key)));
  return row;
}

export async function insertLocalAsset(db: Db, values: typeof catalogueAssets.$inferInsert) {
  const [row] = await db.insert(catalogueAssets).values(values).returning();
  return row!;
}

export async function legacyIdTaken(db: Db, workspaceId: string, legacyId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: catalogueAssets.id })
    .from(catalogueAssets)
    .where(and(visibleTo(workspaceId), eq(catalogueAssets.legacyId, legacyId)));
  return Boolean(row);
}

export async function upsertNote(db: Db, v: { workspaceId: string; userId: string; userName: string; assetId: string; text: string }, now: Date) {
  const [before] = await db
    .select({ text: catalogueNotes.text })
    .from(catalogueNotes)
    .where(and(eq(catalogueNotes.workspaceId, v.workspaceId), eq(catalogueNotes.userId, v.userId), eq(catalogueNotes.assetId, v.assetId)));
  await db
    .insert(catalogueNotes)
    .values({ ...v, updatedAt: now })
    .onConflictDoUpdate({
      target: [catalogueNotes.workspaceId, catalogueNotes.userId, catalogueNotes.assetId],
      set: { text: v.text, userName: v.userName, updatedAt: now },
    });
  return before?.text ?? null;
}

export async function setPrice(db: Db, v: { workspaceId: string; assetId: string; currency: string; price: string }, now: Date) {
  const [before] = await db
    .select({ price: cataloguePrices.price })
    .from(cataloguePrices)
    .where(and(eq(cataloguePrices.workspaceId, v.workspaceId), eq(cataloguePrices.assetId, v.assetId), eq(cataloguePrices.currency, v.currency)));
  await db
    .insert(cataloguePrices)
    .values({ ...v, updatedAt: now })
    .onConflictDoUpdate({ target: [cataloguePrices.workspaceId, cataloguePrices.assetId, cataloguePrices.currency], set: { price: v.price, updatedAt: now } });
  return before?.price ?? null;
}

/** The legacy listing: every asset the workspace can use, in the old flat shape. */
export async function supportedAssets(db: Db, workspaceId: string) {
  return queryRows<{ id: string; name: string; type: string; contractAddress: string; nativeAsset: string; decimals: number }>(
    db,
    sql`select a.legacy_id as id, a.display_name as name,
          case when a.asset_class = 'NATIVE' then 'BASE_ASSET' else coalesce(a.standards->>0, a.asset_class) end as type,
          coalesce(a.address, '') as "contractAddress", b.legacy_id as "nativeAsset", a.decimals
        from ${catalogueAssets} a join ${catalogueBlockchains} b on b.id = a.blockchain_id
        where a.workspace_id is null or a.workspace_id = ${workspaceId}::uuid
        order by a.legacy_id`,
  );
}
