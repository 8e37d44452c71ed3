import { type Icon, IconArrowsExchange, IconArrowsRightLeft, IconBuildingBank, IconCoins, IconKey, IconList, IconWebhook } from '@tabler/icons-react';
import { useDebouncedValue } from '@mantine/hooks';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type Asset, ASSET_PAGE_SIZE, MAX_IDS } from '../../../contract/catalogue';
import { mayPerform } from '../../../contract/operations';
import { ORDER_STATUS_LABELS } from '../../../contract/order-states';
import { ROLE_LABELS } from '../../../contract/role-labels';
import type { Role } from '../../../contract/roles';
import { apiUserQueries } from '../../features/admin/api';
import { assetQueries, blockchainQueries } from '../../features/catalogue/api';
import { orderQueries } from '../../features/trading/api';
import { transactionQueries } from '../../features/transactions/api';
import { TRANSACTION_STATUS_LABELS } from '../../components/transaction-status-badge';
import { vaultAccountQueries } from '../../features/vault/api';
import { webhookQueries } from '../../features/webhooks/api';
import { WEBHOOK_STATUS_LABELS } from '../../features/webhooks/labels';
import { homeQueries } from '../../lib/home-queries';
import { isDetermined, readableAmount } from '../../lib/amounts';
import { apiUserHref } from '../../components/person';
import { SEARCH_DELAY_MS } from '../../lib/search-delay';

/** What the palette found: one object of the workspace, the kind it is and where its page is. */
export interface Found {
  key: string;
  kind: 'Asset' | 'Assets' | 'Order' | 'Transaction' | 'API user' | 'Webhook' | 'Vault account';
  label: string;
  description: string;
  path: string;
  icon: Icon;
}

/** Objects of one kind shown for a search: enough to pick from, few enough to keep pages and actions in view. */
const SHOWN = 5;

// Orders, transactions, webhooks and API users are named by UUIDs, vault accounts by numbers: an
// id look-up is only sent for text of that shape, so that typing a name does not cost four 404s.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const VAULT_ACCOUNT_ID = /^\d{1,18}$/;

/*
 * A look-up by id is read only once: the detail pages poll what is still moving, the palette does
 * not. A refusal (404, or 403 for a kind the workspace or role cannot read) simply finds nothing.
 */
const ONCE = { retry: false, refetchInterval: false, refetchOnWindowFocus: false } as const;

/**
 * The workspace's objects that match what was typed, each kind the role may read: assets by part of
 * their symbol, name or address (ranked by the service), vault accounts by the start of their name
 * or their id, and an order, a transaction, an API user or a webhook by its exact id.
 */
export function usePaletteSearch(query: string, role: Role): { found: Found[]; searching: boolean } {
  const [debounced] = useDebouncedValue(query.trim(), SEARCH_DELAY_MS);
  // The service's limit on a search; longer text names nothing.
  const text = debounced.length <= 100 ? debounced : '';
  const uuid = UUID.test(text) ? text.toLowerCase() : '';
  const vaultId = VAULT_ACCOUNT_ID.test(text) ? text : '';
  const may = (operation: Parameters<typeof mayPerform>[1], value: string) => value !== '' && mayPerform(role, operation);

  const assets = useQuery({
    ...assetQueries.page(new URLSearchParams({ q: text, pageSize: String(ASSET_PAGE_SIZE.min) }).toString()),
    // The previous search's assets would be found for text they do not match.
    placeholderData: undefined,
    enabled: may('listAssets', text),
    retry: false,
  });
  // The assets the workspace holds, which are the ones people mean: USDC is on a dozen chains, and
  // the service's ranking alone put five others before the one in the vaults. The home's totals
  // name them (every asset with a balance in a vault account shown in the console), largest first.
  const holdings = useQuery({
    ...homeQueries.summary(),
    select: (summary) => summary.balances?.assets.map((balance) => balance.assetId).slice(0, MAX_IDS) ?? [],
    enabled: may('listAssets', text) && mayPerform(role, 'getHomeSummary'),
    retry: false,
  });
  const heldIds = holdings.data ?? [];
  const heldAssets = useQuery({
    ...assetQueries.page(new URLSearchParams([['q', text], ...heldIds.map((id) => ['ids', id]), ['pageSize', String(ASSET_PAGE_SIZE.min)]]).toString()),
    placeholderData: undefined,
    enabled: may('listAssets', text) && heldIds.length > 0,
    retry: false,
  });
  // Every asset row names its chain: the same symbol and name are on many.
  const chains = useQuery({ ...blockchainQueries.list(), enabled: may('listBlockchains', text), retry: false });
  const accountsNamed = useInfiniteQuery({ ...vaultAccountQueries.pages(text, SHOWN), enabled: may('listVaultAccountsPaged', text), retry: false });
  const account = useQuery({ ...vaultAccountQueries.detail(vaultId), enabled: may('getVaultAccount', vaultId), ...ONCE });
  const order = useQuery({ ...orderQueries.detail(uuid), enabled: may('getOrder', uuid), ...ONCE, refetchIntervalInBackground: false });
  const transaction = useQuery({ ...transactionQueries.detail(uuid), enabled: may('getTransaction', uuid), ...ONCE });
  const apiUser = useQuery({ ...apiUserQueries.detail(uuid), enabled: may('getApiUser', uuid), ...ONCE });
  const webhook = useQuery({ ...webhookQueries.detail(uuid), enabled: may('getWebhook', uuid), ...ONCE });

  const found: Found[] = [];
  // What the id names exactly comes first: it is what was pasted.
  if (order.data) {
    found.push({
      key: `order:${order.data.id}`,
      kind: 'Order',
      label: `Order ${order.data.id}`,
      description: `Order · ${ORDER_STATUS_LABELS[order.data.status]}`,
      path: `/trading/orders/${encodeURIComponent(order.data.id)}`,
      icon: IconArrowsExchange,
    });
  }
  if (transaction.data) {
    const tx = transaction.data;
    const amount = isDetermined(tx.amountInfo.amount) ? readableAmount(tx.amountInfo.amount, undefined).shown : null;
    found.push({
      key: `transaction:${tx.id}`,
      kind: 'Transaction',
      label: [amount, tx.assetId].filter(Boolean).join(' ') || `Transaction ${tx.id}`,
      description: `Transaction · ${TRANSACTION_STATUS_LABELS[tx.status].label} · ${tx.id}`,
      path: `/transactions/${encodeURIComponent(tx.id)}`,
      icon: IconArrowsRightLeft,
    });
  }
  if (apiUser.data) {
    found.push({
      key: `api-user:${apiUser.data.id}`,
      kind: 'API user',
      label: apiUser.data.name,
      description: `API user · ${ROLE_LABELS[apiUser.data.role]} · ${apiUser.data.id}`,
      // API users have no page of their own: their list scrolls to this one's row and marks it.
      path: apiUserHref(apiUser.data.id),
      icon: IconKey,
    });
  }
  if (webhook.data) {
    found.push({
      key: `webhook:${webhook.data.id}`,
      kind: 'Webhook',
      label: webhook.data.url,
      description: `Webhook · ${WEBHOOK_STATUS_LABELS[webhook.data.status].label}`,
      path: `/webhooks/${encodeURIComponent(webhook.data.id)}`,
      icon: IconWebhook,
    });
  }
  const accounts = [...(account.data ? [account.data] : []), ...(accountsNamed.data?.pages[0]?.accounts ?? [])];
  const shownAccounts = new Set<string>();
  for (const vault of accounts) {
    if (shownAccounts.has(vault.id) || shownAccounts.size === SHOWN) continue;
    shownAccounts.add(vault.id);
    found.push({
      key: `vault-account:${vault.id}`,
      kind: 'Vault account',
      label: vault.name,
      description: `Vault account · ${vault.id}`,
      path: `/vault/accounts/${encodeURIComponent(vault.id)}`,
      icon: IconBuildingBank,
    });
  }
  // Shown once the holdings and the chains are known (or could not be), so that the rows do not
  // reorder under a choice about to be made.
  const settled = (lookUp: { isPending: boolean; isError: boolean; isEnabled: boolean }) => !lookUp.isEnabled || !lookUp.isPending || lookUp.isError;
  if (assets.data && [holdings, heldAssets, chains].every(settled)) {
    const held = heldAssets.data?.data ?? [];
    const heldSet = new Set(held.map((asset) => asset.id));
    const chainNames = new Map(chains.data?.map((chain) => [chain.id, chain.displayName]));
    const chainOf = (asset: Asset) => (asset.blockchainId ? (chainNames.get(asset.blockchainId) ?? asset.blockchainId) : 'Fiat');
    const ranked = [...held, ...assets.data.data.filter((asset) => !heldSet.has(asset.id))];
    for (const asset of ranked.slice(0, SHOWN)) {
      found.push({
        key: `asset:${asset.id}`,
        kind: 'Asset',
        label: `${asset.displaySymbol} · ${asset.displayName}`,
        description: ['Asset', chainOf(asset), asset.legacyId, ...(heldSet.has(asset.id) ? ['Held'] : [])].join(' · '),
        // The catalogue's list, searched for the symbol, with the asset's details open.
        path: `/catalogue/assets?${new URLSearchParams({ q: asset.displaySymbol, asset: asset.id })}`,
        icon: IconCoins,
      });
    }
    // The rest are in the catalogue's list, searched for the same text. The service does not count
    // a search; past one page of it, the count is a floor.
    const all = assets.data.data.length;
    if (ranked.length > SHOWN) {
      found.push({
        key: 'assets:all',
        kind: 'Assets',
        label: `All ${assets.data.next ? `${all}+` : all} assets matching “${text}”`,
        description: 'Assets · the catalogue, searched',
        path: `/catalogue/assets?${new URLSearchParams({ q: text })}`,
        icon: IconList,
      });
    }
  }

  const searching =
    query.trim() !== debounced ||
    [assets, holdings, heldAssets, chains, accountsNamed, account, order, transaction, apiUser, webhook].some((lookUp) => lookUp.isFetching);
  return { found, searching };
}
