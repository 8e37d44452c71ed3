import type { OpenAPIHono } from '@hono/zod-openapi';
import { plain } from '../../../contract/decimal-arithmetic';
import { ERROR_CODES } from '../../../contract/errors';
import * as routes from '../../../contract/routes/vault';
import { VAULT_LISTING_LIMIT_PER_MINUTE } from '../../../contract/vault';
import { decodeCursor, encodeCursor } from '../../http/cursor';
import { ApiError, notFound } from '../../http/errors';
import { register } from '../../http/register';
import type { AppDeps, AppEnv } from '../../http/types';
import { chainAsset, vaultAddress } from './chain-asset';
import { simulatedTag, usesTag } from './chain-sim';
import * as store from './store';

const toVaultAccount = (a: store.VaultAccountRecord) => ({
  id: a.id,
  name: a.name,
  hiddenOnUI: a.hiddenOnUi,
  autoFuel: a.autoFuel,
  assets: a.balances.map((b) => {
    const total = plain(b.total);
    return { id: b.assetId, total, balance: total, available: total, pending: '0', frozen: '0', lockedAmount: '0' };
  }),
});

/** The `/v1/vault/*` listings, served with the trading beta and behind its switch (their definitions say so). */
export function registerVault(app: OpenAPIHono<AppEnv>, deps: AppDeps) {
  register(app, deps, routes.listVaultAccountsPaged, async (c) => {
    const q = c.req.valid('query');
    const { workspaceId } = c.get('principal');
    const fingerprint = `vault-accounts:${q.namePrefix ?? ''}`;
    const after = q.after ? decodeCursor<string>(deps.secrets.cursorKey, q.after, { workspaceId, fingerprint }, 'after') : undefined;
    const page = await store.vaultAccountsPage(deps.db, workspaceId, { namePrefix: q.namePrefix, limit: q.limit, after });
    const last = page.accounts.at(-1);
    return c.json(
      {
        accounts: page.accounts.map(toVaultAccount),
        paging: page.more && last ? { after: encodeCursor(deps.secrets.cursorKey, workspaceId, fingerprint, last.id) } : {},
      },
      200,
    );
  });

  register(app, deps, routes.listVaultAccounts, async (c) => {
    const { namePrefix } = c.req.valid('query');
    const { workspaceId } = c.get('principal');
    const now = deps.now();
    const windowStart = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
    const count = await store.countVaultAccounts(deps.db, workspaceId, namePrefix);
    if (!(await store.reserveListingVolume(deps.db, workspaceId, windowStart, count, VAULT_LISTING_LIMIT_PER_MINUTE))) {
      const retryAfter = String(Math.max(1, Math.ceil((windowStart.getTime() + 60_000 - now.getTime()) / 1000)));
      throw new ApiError(
        429,
        ERROR_CODES.tooManyRequests,
        `This listing of ${count} vault accounts would pass the limit of ${VAULT_LISTING_LIMIT_PER_MINUTE} accounts per minute for this workspace: use GET /v1/vault/accounts_paged`,
        { 'Retry-After': retryAfter },
      );
    }
    return c.json((await store.allVaultAccounts(deps.db, workspaceId, namePrefix)).map(toVaultAccount), 200);
  });

  register(app, deps, routes.getVaultAccount, async (c) => {
    const { vaultAccountId } = c.req.valid('param');
    const account = await store.vaultAccount(deps.db, c.get('principal').workspaceId, vaultAccountId);
    if (!account) throw notFound(`No vault account ${vaultAccountId}`);
    return c.json(toVaultAccount(account), 200);
  });

  register(app, deps, routes.listVaultAccountAssetAddresses, async (c) => {
    const { vaultAccountId, assetId } = c.req.valid('param');
    const { workspaceId } = c.get('principal');
    const account = await store.vaultAccount(deps.db, workspaceId, vaultAccountId);
    if (!account) throw notFound(`No vault account ${vaultAccountId}`);
    // An account has a wallet for the assets it holds a balance of; the catalogue says on which chain.
    const asset = account.balances.some((b) => b.assetId === assetId) ? await chainAsset(deps.db, workspaceId, assetId) : undefined;
    if (!asset) throw notFound(`Vault account ${vaultAccountId} has no ${assetId} wallet`);
    const seed = `${workspaceId}:vault:${vaultAccountId}:${asset.legacyId}`;
    const address = {
      assetId: asset.legacyId,
      address: vaultAddress(workspaceId, vaultAccountId, asset),
      description: '',
      tag: usesTag(asset.protocol) ? simulatedTag(seed) : '',
      type: 'Permanent' as const,
      customerRefId: '',
      addressFormat: asset.protocol === 'UTXO' ? ('SEGWIT' as const) : ('BASE' as const),
      legacyAddress: '',
      enterpriseAddress: '',
      bip44AddressIndex: 0,
      userDefined: false,
    };
    return c.json({ addresses: [address], paging: {} }, 200);
  });
}
