import { createHash, randomUUID } from 'node:crypto';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { CATALOGUE_ERRORS as E } from '../../../contract/catalogue';
import * as routes from '../../../contract/routes/catalogue';
import { register } from '../../http/register';
import { decodeCursor, encodeCursor } from '../../http/cursor';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { commitWithResponse } from '../../http/idempotency';
import type { AppDeps, AppEnv } from '../../http/types';
import { auditRequest } from '../audit/record';
import type { AddressFamily } from '../../../contract/address-rules';
import { checkAddress } from './address';
import { ISO_4217 } from './currencies';
import { createResolver } from './resolver';
import { AssetPageCache } from './page-cache';
import { addressKey } from './shipped';
import * as store from './store';

/** A JSON body the database already wrote (see store.assetPage); its shape is the contract's. */
const jsonText = (c: Context, text: string) => c.body(text, 200, { 'Content-Type': 'application/json' }) as never;

const assetNotFound = (id: string) => notFound(`No asset with the id or legacy id ${id}`, E.assetNotFound);

export function registerCatalogue(app: OpenAPIHono<AppEnv>, deps: AppDeps) {
  const resolve = createResolver(deps.config.evmRpcUrls);
  const assetPages = new AssetPageCache(deps.db);

  register(app, deps, routes.listAssets, async (c) => {
    const q = c.req.valid('query');
    const principal = c.get('principal');
    const { pageCursor, pageSize: _size, ...filters } = q;
    const fingerprint = createHash('sha256')
      .update(JSON.stringify({ ...filters, ids: filters.ids ? [...filters.ids].sort() : null }))
      .digest('base64url')
      .slice(0, 22);
    // The fingerprint holds q and sort, so a cursor's position always has the shape of its list's order.
    const after = pageCursor
      ? decodeCursor<store.AssetPosition>(deps.secrets.cursorKey, pageCursor, { workspaceId: principal.workspaceId, fingerprint })
      : undefined;
    // The caller's own notes are on the page, so each user has their own copy of it.
    const key = `${principal.id}\n${fingerprint}\n${q.pageSize}\n${pageCursor ?? ''}`;
    const body = await assetPages.get(principal.workspaceId, key, async () => {
      const page = await store.assetPage(deps.db, principal.workspaceId, principal.id, filters, q.pageSize, after);
      const next = page.more && page.last ? encodeCursor(deps.secrets.cursorKey, principal.workspaceId, fingerprint, page.last) : null;
      return `{"data":${page.json},"next":${JSON.stringify(next)}}`;
    });
    return jsonText(c, body);
  });

  register(app, deps, routes.getAsset, async (c) => {
    const { id } = c.req.valid('param');
    const principal = c.get('principal');
    const asset = await store.findAsset(deps.db, principal.workspaceId, id);
    if (!asset) throw assetNotFound(id);
    return jsonText(c, await store.assetById(deps.db, principal.workspaceId, principal.id, asset.id));
  });

  register(app, deps, routes.updateAssetMetadata, async (c) => {
    const { id } = c.req.valid('param');
    const { text } = c.req.valid('json').metadata.note;
    const principal = c.get('principal');
    const asset = await store.findAsset(deps.db, principal.workspaceId, id);
    if (!asset) throw assetNotFound(id);
    return commitWithResponse(
      c,
      deps.db,
      async (tx) => {
        const before = await store.upsertNote(
          tx,
          { workspaceId: principal.workspaceId, userId: principal.id, userName: principal.name, assetId: asset.id, text },
          deps.now(),
        );
        // The note text is the user's own words, kept out of the trail; only that it changed is recorded.
        await auditRequest(tx, c, deps, deps.now(), {
          category: 'Catalogue',
          subject: 'Note',
          event: 'Updated',
          detail: { assetId: asset.legacyId, before: { hasNote: before !== null }, after: { hasNote: text.length > 0 } },
        });
        return store.assetById(tx, principal.workspaceId, principal.id, asset.id);
      },
      (json) => jsonText(c, json),
    );
  });

  register(app, deps, routes.setAssetPrice, async (c) => {
    const { id } = c.req.valid('param');
    const { currency, price } = c.req.valid('json');
    const principal = c.get('principal');
    const settings = await store.settingsOf(deps.db, principal.workspaceId);
    if (!settings.allowPriceSetting) throw forbidden('This workspace is not allowed to set asset rates', E.priceNotAllowed);
    if (!ISO_4217.has(currency)) throw notFound(`Currency ${currency} not found: use an ISO 4217 code such as USD`, E.currencyNotFound);
    const asset = await store.findAsset(deps.db, principal.workspaceId, id);
    if (!asset) throw assetNotFound(id);
    // JSON gave a binary double; its shortest decimal form is what the client wrote. No arithmetic on it.
    const decimal = String(price);
    const now = deps.now();
    return commitWithResponse(
      c,
      deps.db,
      async (tx) => {
        const before = await store.setPrice(tx, { workspaceId: principal.workspaceId, assetId: asset.id, currency, price: decimal }, now);
        await auditRequest(tx, c, deps, now, {
          category: 'Catalogue',
          subject: 'Price',
          event: 'Set',
          detail: { assetId: asset.legacyId, currency, before: { price: before }, after: { price: decimal } },
        });
      },
      () => c.json({ legacyId: asset.legacyId, lastUpdateAt: Math.floor(now.getTime() / 1000), currency, price, source: 'PRIVATE' as const }, 200),
    );
  });

  register(app, deps, routes.registerAsset, async (c) => {
    const body = c.req.valid('json');
    const principal = c.get('principal');
    const chain = await store.findBlockchain(deps.db, body.blockchainId);
    if (!chain) throw badRequest(`blockchainId ${body.blockchainId} is not a blockchain this service lists assets on`, E.listingUnsupported);
    if (chain.deprecated) throw badRequest(`${chain.displayName} is deprecated: no new assets can be listed on it`, E.blockchainDeprecated);
    if (chain.registration === 'NOT_SELF_SERVE')
      throw badRequest(`Self-serve listing is not supported on ${chain.displayName}; ask your account manager`, E.selfServeUnsupported);
    if (chain.registration !== 'SELF_SERVE' || !chain.family) throw badRequest(`${chain.displayName} has no tokens to list`, E.listingUnsupported);
    const family = chain.family as AddressFamily;
    if (family === 'XLM' && !body.symbol) throw badRequest('symbol (the Stellar asset code) is required for a Stellar asset', E.invalidAddress);
    if (family !== 'XLM' && body.symbol) throw badRequest('symbol is only for Stellar assets', E.invalidAddress);
    const problem = await checkAddress(family, body.address);
    if (problem) throw badRequest(`address is not valid on ${chain.displayName}: ${problem}`, E.invalidAddress);

    const settings = await store.settingsOf(deps.db, principal.workspaceId);
    if (chain.test && !settings.allowTestnetAssets) throw forbidden('This workspace may not create testnet assets', E.testnetNotAllowed);
    if (!chain.test && !settings.allowMainnetAssets) throw forbidden('This workspace may not create mainnet assets', E.mainnetNotAllowed);

    const key = addressKey(family, body.address, body.symbol);
    const existing = await store.assetAtAddress(deps.db, principal.workspaceId, chain.id, key);
    if (existing?.workspaceId === null) throw conflict(`This asset is already supported globally as ${existing.legacyId}`, E.alreadyGlobal);
    if (existing) throw conflict(`This asset was already added to this workspace as ${existing.legacyId}`, E.alreadyInWorkspace);
    if ((await store.localAssetCount(deps.db, principal.workspaceId)) >= settings.assetQuota) {
      throw forbidden(`This workspace has reached its quota of ${settings.assetQuota} registered assets`, E.quotaReached);
    }

    const metadata = await resolve({ id: chain.id, legacyId: chain.legacyId, family, tokenStandard: chain.tokenStandard }, body.address, body.symbol);
    if (!metadata)
      throw notFound(`No token could be found at ${body.address} on ${chain.displayName}: asset information could not be obtained`, E.invalidAddress);
    if (metadata.standard !== chain.tokenStandard) {
      throw badRequest(
        `The contract at this address is a ${metadata.standard}; only ${chain.tokenStandard} tokens can be listed on ${chain.displayName}`,
        E.standardUnsupported,
      );
    }
    const missing = (['name', 'symbol', 'decimals'] as const).filter((k) => metadata[k] === null);
    if (missing.length) throw badRequest(`The token's ${missing.join(', ')} could not be read from the chain`, E.metadataUnavailable);
    const symbol = metadata.symbol!;

    const suffix = createHash('sha256').update(key).digest('hex').slice(0, 4).toUpperCase();
    let legacyId = `${symbol.toUpperCase().replace(/[^A-Z0-9]/g, '_')}_${chain.legacyId}_${suffix}`;
    if (await store.legacyIdTaken(deps.db, principal.workspaceId, legacyId)) legacyId = `${legacyId}_${randomUUID().slice(0, 4).toUpperCase()}`;
    return commitWithResponse(
      c,
      deps.db,
      async (tx) => {
        const row = await store.insertLocalAsset(tx, {
          id: randomUUID(),
          workspaceId: principal.workspaceId,
          legacyId,
          blockchainId: chain.id,
          displayName: metadata.name!,
          displaySymbol: symbol,
          assetClass: 'FT',
          onchainSymbol: symbol,
          onchainName: metadata.name!,
          address: body.address,
          addressKey: key,
          decimals: metadata.decimals!,
          standards: [metadata.standard],
          scope: 'LOCAL',
          verified: false,
          deprecated: false,
          features: [],
        });
        await auditRequest(tx, c, deps, deps.now(), {
          category: 'Catalogue',
          subject: 'Asset',
          event: 'Registered',
          detail: { legacyId, blockchainId: chain.legacyId, address: body.address, scope: 'LOCAL' },
        });
        return row;
      },
      (asset) =>
        c.json(
          {
            legacyId: asset.legacyId,
            assetClass: 'FT' as const,
            onchain: { symbol, name: asset.onchainName, address: asset.address, decimals: asset.decimals, standard: metadata.standard },
            metadata: { scope: 'Local' as const, deprecated: false },
          },
          200,
        ),
    ).catch((error: unknown) => {
      if (error instanceof ApiError) throw error;
      c.get('log').error({ err: error }, 'asset creation failed');
      throw new ApiError(500, 500, 'Asset creation failed');
    });
  });

  register(app, deps, routes.listBlockchains, async (c) => {
    const q = c.req.valid('query');
    const { workspaceId } = c.get('principal');
    const { pageCursor, pageSize: _size, ...filters } = q;
    const fingerprint = createHash('sha256').update(JSON.stringify(filters)).digest('base64url').slice(0, 22);
    const after = pageCursor ? decodeCursor<string>(deps.secrets.cursorKey, pageCursor, { workspaceId, fingerprint }) : undefined;
    const page = await store.listBlockchains(deps.db, filters, q.pageSize, after);
    const last = page.data.at(-1);
    return c.json({ data: page.data, next: page.more && last ? encodeCursor(deps.secrets.cursorKey, workspaceId, fingerprint, last.id) : null }, 200);
  });

  register(app, deps, routes.getBlockchain, async (c) => {
    const { id } = c.req.valid('param');
    const chain = await store.findBlockchain(deps.db, id);
    if (!chain) throw notFound(`No blockchain with the id or legacy id ${id}`, E.blockchainNotFound);
    return c.json(store.toBlockchain(chain), 200);
  });

  register(app, deps, routes.listSupportedAssets, async (c) => {
    return c.json(await store.supportedAssets(deps.db, c.get('principal').workspaceId), 200);
  });
}
