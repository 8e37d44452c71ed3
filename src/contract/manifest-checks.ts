import { providerTerms, type EXECUTION_TYPES, type PARTIES, type SETTLEMENT_TYPES, type TradingProvider } from './trading';
import { EXECUTION_TYPE_LABELS, SETTLEMENT_TYPE_LABELS } from './trading-labels';

type ExecutionType = (typeof EXECUTION_TYPES)[number];
type SettlementType = (typeof SETTLEMENT_TYPES)[number];
type Party = (typeof PARTIES)[number];

/** Which part of a quote or an order a problem is about: the service and the console each name it by their own field. */
export type ManifestField = 'provider' | 'account' | 'executionType' | 'pair' | 'settlementType' | `participants.${Party}` | 'sourceOfFunds';

export interface ManifestProblem {
  field: ManifestField;
  message: string;
}

/**
 * What is asked of a provider. A part left out is not checked: a quote has no settlement, and the
 * console checks a draft's parts as they are filled in (an empty string is a part not given).
 */
export interface ManifestAsk {
  /** An order, or a quote. */
  kind: 'order' | 'quote';
  accountId?: string;
  executionType?: ExecutionType | '';
  pair?: { baseAssetId: string; quoteAssetId: string };
  settlementType?: SettlementType | '';
  /** The parties the order identifies. */
  parties?: readonly Party[];
  /** Whether the order states its source of funds. */
  sourceOfFunds?: boolean;
}

const lower = (label: string) => label.toLowerCase();
const either = (words: string[]) => (words.length > 1 ? `${words.slice(0, -1).join(', ')} or ${words.at(-1)}` : (words[0] ?? 'none'));

/**
 * What the provider's manifest rules out in a quote or an order: the one list of these checks, with
 * their messages, that the service runs before it takes either and the console's order builder runs
 * on its draft. Each message names the provider; the first problem of a field is the one to show.
 */
export function manifestProblems(provider: TradingProvider, ask: ManifestAsk): ManifestProblem[] {
  const { name } = provider;
  const terms = providerTerms(provider);
  const problems: ManifestProblem[] = [];
  const problem = (field: ManifestField, message: string) => problems.push({ field, message });

  if (ask.kind === 'order' && !provider.manifest.order.supported) problem('provider', `${name} does not take orders`);
  if (ask.kind === 'quote' && !provider.manifest.quote.supported) problem('provider', `${name} does not give quotes`);
  if (!terms.connected) problem('provider', `${name} is not connected to this workspace yet`);
  if (provider.accountBased) {
    if (!ask.accountId) problem('account', `${name} is account-based: choose one of your accounts there`);
    else if (!terms.hasAccount(ask.accountId)) problem('account', `${ask.accountId} is not one of your accounts at ${name}`);
  } else if (ask.accountId) {
    problem('account', `${name} is not account-based: leave the account out`);
  }
  if (ask.executionType && !terms.takesExecution(ask.executionType)) {
    const takes = either(terms.executionTypes.map((type) => lower(EXECUTION_TYPE_LABELS[type])));
    problem('executionType', `${name} does not take ${lower(EXECUTION_TYPE_LABELS[ask.executionType])} orders, only ${takes}`);
  }
  if (ask.pair && !terms.tradesPair(ask.pair.baseAssetId, ask.pair.quoteAssetId)) {
    const pairs = provider.manifest.pairs.map((pair) => `${pair.baseAssetId}/${pair.quoteAssetId}`).join(', ');
    problem('pair', `${name} does not trade ${ask.pair.baseAssetId}/${ask.pair.quoteAssetId} (it trades ${pairs})`);
  }
  if (ask.settlementType && !terms.settles(ask.settlementType)) {
    const settles = either(terms.settlementTypes.map((type) => lower(SETTLEMENT_TYPE_LABELS[type])));
    problem('settlementType', `${name} does not settle ${lower(SETTLEMENT_TYPE_LABELS[ask.settlementType])}, only ${settles}`);
  }
  if (ask.parties) {
    for (const party of terms.requiredParties)
      if (!ask.parties.includes(party)) problem(`participants.${party}`, `${name} asks for the ${party} to be identified`);
  }
  if (ask.sourceOfFunds === false && terms.requiresSourceOfFunds) problem('sourceOfFunds', `${name} asks for the source of funds`);
  return problems;
}
