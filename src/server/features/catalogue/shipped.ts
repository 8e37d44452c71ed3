import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { catalogueAssets, catalogueBlockchains, catalogueMeta } from './schema';
import { serverFile } from '../../server-file';

/** The catalogue shipped with the service (built by scripts/build-catalogue.ts). */
export interface ShippedCatalogue {
  blockchains: {
    id: string;
    legacyId: string;
    displayName: string;
    nativeAssetId: string;
    onchain: { protocol: string; chainId: string | null; test: boolean; signingAlgo: string };
    metadata: { deprecated: boolean; explorer: Record<string, string> };
    family: string | null;
    registration: string;
    tokenStandard: string | null;
  }[];
  assets: {
    id: string;
    legacyId: string;
    blockchainId: string;
    displayName: string;
    displaySymbol: string;
    assetClass: string;
    onchain: { symbol: string; name: string; address: string | null; decimals: number; standards: string[] };
    metadata: { verified: boolean; deprecated: boolean; features: string[] };
  }[];
  /** Real tokens known on chain but not in the catalogue: what registration resolves from. */
  resolvable: { blockchainId: string; address: string; symbol: string | null; name: string | null; decimals: number | null; standard: string }[];
}

const text = readFileSync(serverFile('features/catalogue/data/catalogue.json'), 'utf8');
export const shipped = JSON.parse(text) as ShippedCatalogue;
const version = createHash('sha256').update(text).digest('hex');

/**
 * How assets are told apart on one chain: by address, where EVM case is only a checksum; a Stellar
 * issuer can issue many assets, so there the asset code is part of the key.
 */
export const addressKey = (family: string | null, address: string, symbol?: string | null) =>
  family === 'EVM' ? address.toLowerCase() : family === 'XLM' ? `${address}:${symbol ?? ''}` : address;

/**
 * Brings the database's global catalogue up to the shipped version: a no-op when it already is,
 * otherwise one transaction of upserts (the ids are stable, so workspaces' notes and prices stay).
 */
export async function syncShippedCatalogue(db: Db): Promise<void> {
  const [current] = await db.select().from(catalogueMeta).where(eq(catalogueMeta.key, 'shipped_version'));
  if (current?.value === version) return;
  const families = new Map(shipped.blockchains.map((b) => [b.id, b.family]));
  const chains = shipped.blockchains.map((b) => ({
    id: b.id,
    legacy_id: b.legacyId,
    display_name: b.displayName,
    native_asset_id: b.nativeAssetId,
    protocol: b.onchain.protocol,
    chain_id: b.onchain.chainId,
    test: b.onchain.test,
    signing_algo: b.onchain.signingAlgo,
    deprecated: b.metadata.deprecated,
    explorer: b.metadata.explorer,
    family: b.family,
    registration: b.registration,
    token_standard: b.tokenStandard,
  }));
  const assets = shipped.assets.map((a) => ({
    id: a.id,
    legacy_id: a.legacyId,
    blockchain_id: a.blockchainId,
    display_name: a.displayName,
    display_symbol: a.displaySymbol,
    asset_class: a.assetClass,
    onchain_symbol: a.onchain.symbol,
    onchain_name: a.onchain.name,
    address: a.onchain.address,
    address_key: a.onchain.address === null ? null : addressKey(families.get(a.blockchainId) ?? null, a.onchain.address, a.onchain.symbol),
    decimals: a.onchain.decimals,
    standards: a.onchain.standards,
    verified: a.metadata.verified,
    deprecated: a.metadata.deprecated,
    features: a.metadata.features,
  }));
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into ${catalogueBlockchains} (id, legacy_id, display_name, native_asset_id, protocol, chain_id, test, signing_algo, deprecated, explorer, family, registration, token_standard)
      select * from jsonb_to_recordset(${JSON.stringify(chains)}::jsonb) as x(id uuid, legacy_id text, display_name text, native_asset_id uuid, protocol text,
        chain_id text, test boolean, signing_algo text, deprecated boolean, explorer jsonb, family text, registration text, token_standard text)
      on conflict (id) do update set legacy_id = excluded.legacy_id, display_name = excluded.display_name, native_asset_id = excluded.native_asset_id,
        protocol = excluded.protocol, chain_id = excluded.chain_id, test = excluded.test, signing_algo = excluded.signing_algo, deprecated = excluded.deprecated,
        explorer = excluded.explorer, family = excluded.family, registration = excluded.registration, token_standard = excluded.token_standard`);
    await tx.execute(sql`
      insert into ${catalogueAssets} (id, workspace_id, legacy_id, blockchain_id, display_name, display_symbol, asset_class, onchain_symbol, onchain_name,
        address, address_key, decimals, standards, scope, verified, deprecated, features)
      select id, null, legacy_id, blockchain_id, display_name, display_symbol, asset_class, onchain_symbol, onchain_name,
        address, address_key, decimals, standards, 'GLOBAL', verified, deprecated, features
      from jsonb_to_recordset(${JSON.stringify(assets)}::jsonb) as x(id uuid, legacy_id text, blockchain_id uuid, display_name text, display_symbol text,
        asset_class text, onchain_symbol text, onchain_name text, address text, address_key text, decimals int, standards jsonb, verified boolean,
        deprecated boolean, features jsonb)
      on conflict (id) do update set legacy_id = excluded.legacy_id, blockchain_id = excluded.blockchain_id, display_name = excluded.display_name,
        display_symbol = excluded.display_symbol, asset_class = excluded.asset_class, onchain_symbol = excluded.onchain_symbol, onchain_name = excluded.onchain_name,
        address = excluded.address, address_key = excluded.address_key, decimals = excluded.decimals, standards = excluded.standards,
        verified = excluded.verified, deprecated = excluded.deprecated, features = excluded.features`);
    await tx
      .insert(catalogueMeta)
      .values({ key: 'shipped_version', value: version })
      .onConflictDoUpdate({ target: catalogueMeta.key, set: { value: version } });
  });
}
