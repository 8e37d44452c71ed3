import { z } from 'zod';

/**
 * The console's home (extension): the counts behind its tiles and the workspace's balances, in one
 * answer, so the home page fetches neither every vault account nor every notification to add them up.
 * Each part is null for a caller whose role may not read what it counts (the operation named on
 * it in the operations table) or whose workspace does not have it (the trading beta); the console
 * then shows no tile for it.
 */

const count = (description: string) => z.number().int().nonnegative().meta({ description });

export const HomeApprovals = z.object({
  toDecide: count('Pending approval requests the caller may still approve or reject (not yet decided by them). Needs approveApprovalRequest.'),
});

export const HomeTravelRule = z.object({ pending: count('Travel Rule messages in PENDING. Needs listTravelRuleMessages.') });

export const HomeFailedWebhook = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  failed: count('Its notifications in FAILED.'),
});

export const HomeWebhooks = z.object({
  failed: count('Notifications in FAILED, over every webhook of the workspace. Needs listWebhookNotifications.'),
  webhooks: z.array(HomeFailedWebhook).meta({ description: 'The webhooks with failed notifications, most failures first (at most 20).' }),
});

export const HomeTransactions = z.object({
  stuck: count('EVM transactions in CONFIRMING for longer than the stuck-alert limit. Needs listTransactions.'),
  stuckAfterSeconds: count('That limit: the lesser of STUCK_ALERT_SECONDS and STUCK_ALERT_BLOCKS blocks.'),
});

export const HomeTrading = z.object({ openOrders: count('Orders not yet COMPLETED, CANCELED or FAILED. Needs listOrders and the trading beta.') });

export const HomeAssetBalance = z.object({
  assetId: z.string().meta({ description: 'Legacy asset id, as in the vault accounts.' }),
  symbol: z.string().nullable().meta({ description: "The catalogue's display symbol, null for an asset the catalogue does not know." }),
  total: z.string().meta({ description: 'The sum over the vault accounts shown in the console (not hidden), exact.' }),
  usdPrice: z.string().nullable().meta({ description: "The catalogue's USD price of the asset for the workspace, null when none was set." }),
  usdValue: z.string().nullable().meta({ description: 'total × usdPrice, rounded half up to the cent; null without a price.' }),
});

export const HomeBalances = z.object({
  assets: z.array(HomeAssetBalance).meta({ description: 'One entry per asset held, largest USD value first, unpriced assets last by id.' }),
  usdTotal: z.string().meta({ description: 'The sum of the exact USD values of the priced assets, rounded half up to the cent.' }),
  unpriced: count('How many assets held have no USD price (not in usdTotal).'),
});

export type HomeBalances = z.infer<typeof HomeBalances>;

export const HomeSummary = z
  .object({
    approvals: HomeApprovals.nullable(),
    travelRule: HomeTravelRule.nullable(),
    webhooks: HomeWebhooks.nullable(),
    transactions: HomeTransactions.nullable(),
    trading: HomeTrading.nullable(),
    balances: HomeBalances.nullable().meta({ description: 'Needs listVaultAccountsPaged and the trading beta.' }),
  })
  .meta({ id: 'HomeSummary' });
export type HomeSummary = z.infer<typeof HomeSummary>;
