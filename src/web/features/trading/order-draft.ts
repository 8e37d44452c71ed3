import { type FieldErrors, type FieldPath, get, type Resolver, set } from 'react-hook-form';
import type { z } from 'zod';
import { manifestProblems, type ManifestField } from '../../../contract/manifest-checks';
import {
  CreateOrderRequest,
  type EXECUTION_TYPES,
  PARTIES,
  providerTerms,
  type REASONS_FOR_PAYMENT,
  type RELATIONSHIP_TYPES,
  type SETTLEMENT_TYPES,
  type SIDES,
  type TradingProvider,
} from '../../../contract/trading';

/**
 * The order builder's draft: the contract's create-order request as a form holds it, every value
 * a string the user can leave empty, under the contract's own field names so that the contract's
 * complaints land on the field they name. `orderRequestOf` turns it into the request, and
 * `checkDraft` says what is wrong with it, by the contract and by the chosen provider's manifest.
 */

export type ExecutionType = (typeof EXECUTION_TYPES)[number];
export type SettlementType = (typeof SETTLEMENT_TYPES)[number];
export type Side = (typeof SIDES)[number];
export type Party = (typeof PARTIES)[number];

export interface AccountDraft {
  type: 'VAULT_ACCOUNT' | 'ONE_TIME_ADDRESS';
  accountId: string;
  address: string;
  tag: string;
}

export interface ParticipantDraft {
  /** Whether to identify this party at all; ignored for a party the provider requires. */
  included: boolean;
  entityType: 'INDIVIDUAL' | 'BUSINESS';
  externalReferenceId: string;
  participantRelationshipType: (typeof RELATIONSHIP_TYPES)[number] | '';
  fullName: { firstName: string; lastName: string };
  dateOfBirth: string;
  businessName: string;
  registrationNumber: string;
  email: string;
  phone: string;
  postalAddress: { streetName: string; buildingNumber: string; postalCode: string; city: string; subdivision: string; district: string; country: string };
}

/** A quote the provider gave for this draft; an order may use it only for what it was given for. */
export interface QuoteSnapshot {
  id: string;
  side: Side;
  baseAssetId: string;
  quoteAssetId: string;
  baseAmount: string;
  quoteAmount: string;
  expiresAt: string;
}

export interface OrderDraft {
  providerId: string;
  accountId: string;
  execution: {
    type: ExecutionType | '';
    side: Side;
    baseAssetId: string;
    quoteAssetId: string;
    baseAmount: string;
    limitPrice: string;
    quote: QuoteSnapshot | null;
    /** An expired quote is replaced by the market price instead of failing the order. */
    reQuoteAtMarket: boolean;
  };
  settlement: { type: SettlementType | ''; sourceAccount: AccountDraft; destinationAccount: AccountDraft };
  participants: Record<Party, ParticipantDraft>;
  sourceOfFunds: { reasonForPayment: (typeof REASONS_FOR_PAYMENT)[number] | '' };
  customerInternalReferenceId: string;
  note: string;
}

export type DraftField = FieldPath<OrderDraft>;

const EMPTY_ACCOUNT: AccountDraft = { type: 'VAULT_ACCOUNT', accountId: '', address: '', tag: '' };

export const EMPTY_PARTICIPANT: ParticipantDraft = {
  included: false,
  entityType: 'INDIVIDUAL',
  externalReferenceId: '',
  participantRelationshipType: '',
  fullName: { firstName: '', lastName: '' },
  dateOfBirth: '',
  businessName: '',
  registrationNumber: '',
  email: '',
  phone: '',
  postalAddress: { streetName: '', buildingNumber: '', postalCode: '', city: '', subdivision: '', district: '', country: '' },
};

export const EMPTY_DRAFT: OrderDraft = {
  providerId: '',
  accountId: '',
  execution: { type: '', side: 'BUY', baseAssetId: '', quoteAssetId: '', baseAmount: '', limitPrice: '', quote: null, reQuoteAtMarket: false },
  settlement: { type: '', sourceAccount: EMPTY_ACCOUNT, destinationAccount: EMPTY_ACCOUNT },
  participants: { originator: EMPTY_PARTICIPANT, beneficiary: EMPTY_PARTICIPANT },
  sourceOfFunds: { reasonForPayment: '' },
  customerInternalReferenceId: '',
  note: '',
};

/** The builder's steps, each with the parts of the draft it edits. */
export const STEPS = [
  { id: 'provider', label: 'Provider', description: 'and account', roots: ['providerId', 'accountId'] },
  { id: 'execution', label: 'Execution', description: 'side, amount, price', roots: ['execution'] },
  { id: 'settlement', label: 'Settlement', description: 'where it pays and delivers', roots: ['settlement'] },
  { id: 'participants', label: 'Participants', description: 'originator, beneficiary', roots: ['participants'] },
  { id: 'source-of-funds', label: 'Source of funds', description: 'reason for payment', roots: ['sourceOfFunds'] },
  { id: 'review', label: 'Review', description: 'and submit', roots: ['customerInternalReferenceId', 'note'] },
] as const satisfies readonly { id: string; label: string; description: string; roots: readonly DraftField[] }[];

export type StepId = (typeof STEPS)[number]['id'];
export const stepIndex = (id: StepId) => STEPS.findIndex((step) => step.id === id);
export const REVIEW_STEP = STEPS.length - 1;

/** The step that edits a field of the draft. */
export function stepOf(field: string): number {
  const index = STEPS.findIndex((step) => step.roots.some((root) => field === root || field.startsWith(`${root}.`)));
  return index === -1 ? REVIEW_STEP : index;
}

/** The party the provider requires, or the user chose to identify. */
export const isIdentified = (draft: OrderDraft, provider: TradingProvider | undefined, party: Party) =>
  Boolean(provider && providerTerms(provider).requiredParties.includes(party)) || draft.participants[party].included;

const present = (value: string) => value.trim() !== '';
const optional = <K extends string>(key: K, value: string): Partial<Record<K, string>> => (present(value) ? ({ [key]: value } as Record<K, string>) : {});

function accountOf(account: AccountDraft) {
  return account.type === 'VAULT_ACCOUNT'
    ? { type: 'VAULT_ACCOUNT', accountId: account.accountId }
    : { type: 'ONE_TIME_ADDRESS', address: account.address, ...optional('tag', account.tag.trim()) };
}

function participantOf(p: ParticipantDraft) {
  const common = {
    entityType: p.entityType,
    externalReferenceId: p.externalReferenceId,
    participantRelationshipType: p.participantRelationshipType || undefined,
    postalAddress: p.postalAddress,
    ...optional('email', p.email.trim()),
    ...optional('phone', p.phone.trim()),
  };
  return p.entityType === 'INDIVIDUAL'
    ? { ...common, fullName: p.fullName, dateOfBirth: p.dateOfBirth }
    : { ...common, businessName: p.businessName, registrationNumber: p.registrationNumber };
}

/** The create-order request the draft stands for, before the contract has checked it. */
export function orderRequestOf(draft: OrderDraft, provider: TradingProvider | undefined): Record<string, unknown> {
  const e = draft.execution;
  const base = { type: e.type || undefined, side: e.side, baseAmount: e.baseAmount.trim(), baseAssetId: e.baseAssetId, quoteAssetId: e.quoteAssetId };
  const execution =
    e.type === 'QUOTE'
      ? { ...base, quoteId: e.quote?.id ?? '', ...(e.reQuoteAtMarket ? { reQuote: { type: 'MARKET' } } : {}) }
      : e.type === 'LIMIT'
        ? { ...base, timeInForce: 'FOK', limitPrice: e.limitPrice.trim() }
        : base;
  const s = draft.settlement;
  const settlement =
    s.type === 'DVP'
      ? { type: s.type, sourceAccount: accountOf(s.sourceAccount), destinationAccount: accountOf(s.destinationAccount) }
      : s.type === 'PREFUNDED'
        ? { type: s.type, destinationAccount: accountOf(s.destinationAccount) }
        : { type: s.type || undefined };
  const identified = PARTIES.filter((party) => isIdentified(draft, provider, party));
  const reason = draft.sourceOfFunds.reasonForPayment;
  return {
    via: provider?.accountBased
      ? { type: 'PROVIDER_ACCOUNT', providerId: draft.providerId, accountId: draft.accountId }
      : { type: 'PROVIDER', providerId: draft.providerId },
    executionRequestDetails: execution,
    settlement,
    ...(identified.length > 0
      ? { participantsIdentification: Object.fromEntries(identified.map((party) => [party, participantOf(draft.participants[party])])) }
      : {}),
    ...(reason || (provider && providerTerms(provider).requiresSourceOfFunds) ? { sourceOfFunds: { reasonForPayment: reason || undefined } } : {}),
    ...optional('customerInternalReferenceId', draft.customerInternalReferenceId.trim()),
    ...optional('note', draft.note),
  };
}

/**
 * Where a path of the request lives in the draft. The names are the contract's, except for the
 * few places where the draft holds something the user chooses from (the provider, the quote).
 */
export function draftFieldOf(requestPath: readonly PropertyKey[]): DraftField {
  const [root, ...rest] = requestPath.map(String);
  const tail = rest.join('.');
  switch (root) {
    case 'via':
      return rest[0] === 'accountId' ? 'accountId' : 'providerId';
    case 'executionRequestDetails':
      if (rest[0] === 'quoteId') return 'execution.quote';
      if (rest[0] === 'reQuote') return 'execution.reQuoteAtMarket';
      return (tail ? `execution.${tail}` : 'execution.type') as DraftField;
    case 'settlement':
      return (tail ? `settlement.${tail}` : 'settlement.type') as DraftField;
    case 'participantsIdentification':
      return (tail ? `participants.${tail}` : 'participants') as DraftField;
    case 'sourceOfFunds':
      return 'sourceOfFunds.reasonForPayment';
    case 'customerInternalReferenceId':
    case 'note':
      return root;
    default:
      return 'providerId';
  }
}

/**
 * Every path the service may name in a refusal, most specific first (so a message naming
 * `settlement.sourceAccount.accountId` is not taken for `settlement`), with the draft field it
 * belongs to.
 */
export const REQUEST_FIELDS: readonly string[] = (() => {
  const participant = [
    'entityType',
    'externalReferenceId',
    'participantRelationshipType',
    'fullName.firstName',
    'fullName.lastName',
    'dateOfBirth',
    'businessName',
    'registrationNumber',
    'email',
    'phone',
    ...Object.keys(EMPTY_PARTICIPANT.postalAddress).map((key) => `postalAddress.${key}`),
  ];
  const account = (name: string) => ['accountId', 'address', 'tag', 'type'].map((key) => `settlement.${name}.${key}`);
  const paths = [
    'via.providerId',
    'via.accountId',
    'via.type',
    ...['type', 'side', 'baseAmount', 'baseAssetId', 'quoteAssetId', 'limitPrice', 'quoteId', 'reQuote', 'timeInForce'].map(
      (key) => `executionRequestDetails.${key}`,
    ),
    ...account('sourceAccount'),
    ...account('destinationAccount'),
    'settlement.type',
    ...PARTIES.flatMap((party) => [...participant.map((key) => `participantsIdentification.${party}.${key}`), `participantsIdentification.${party}`]),
    'sourceOfFunds.reasonForPayment',
    'sourceOfFunds',
    'customerInternalReferenceId',
    'note',
    'executionRequestDetails',
    'settlement',
    'via',
  ];
  return paths.sort((a, b) => b.split('.').length - a.split('.').length);
})();

export interface DraftIssue {
  field: DraftField;
  message: string;
}

export type CheckedDraft = { request: CreateOrderRequest; issues: [] } | { request: null; issues: DraftIssue[] };

/** The draft's field for each part of an order the manifest checks are about. */
const MANIFEST_FIELDS: Record<ManifestField, DraftField> = {
  provider: 'providerId',
  account: 'accountId',
  executionType: 'execution.type',
  pair: 'execution.quoteAssetId',
  settlementType: 'settlement.type',
  'participants.originator': 'participants.originator',
  'participants.beneficiary': 'participants.beneficiary',
  sourceOfFunds: 'sourceOfFunds.reasonForPayment',
};

/** What the chosen provider's manifest rules out (the checks the service runs too), and what the chosen quote does, beyond what the contract checks. */
function manifestIssues(draft: OrderDraft, provider: TradingProvider | undefined, now: number): DraftIssue[] {
  if (!draft.providerId) return [{ field: 'providerId', message: 'Choose a provider' }];
  if (!provider) return [{ field: 'providerId', message: 'This provider is no longer offered: choose another' }];
  const e = draft.execution;
  const issues: DraftIssue[] = manifestProblems(provider, {
    kind: 'order',
    accountId: draft.accountId,
    executionType: e.type,
    pair: e.baseAssetId && e.quoteAssetId ? { baseAssetId: e.baseAssetId, quoteAssetId: e.quoteAssetId } : undefined,
    settlementType: draft.settlement.type,
    parties: PARTIES.filter((party) => isIdentified(draft, provider, party)),
    sourceOfFunds: draft.sourceOfFunds.reasonForPayment !== '',
  }).map((problem) => ({ field: MANIFEST_FIELDS[problem.field], message: problem.message }));
  if (e.type === 'QUOTE' && e.quote) {
    const q = e.quote;
    if (q.side !== e.side || q.baseAssetId !== e.baseAssetId || q.quoteAssetId !== e.quoteAssetId || q.baseAmount !== e.baseAmount.trim()) {
      issues.push({ field: 'execution.quote', message: 'This quote was given for another side, pair or amount: get a new quote' });
    } else if (Date.parse(q.expiresAt) <= now && !e.reQuoteAtMarket) {
      issues.push({ field: 'execution.quote', message: 'This quote has expired: get a new quote, or let the provider re-quote at market' });
    }
  }
  return issues;
}

/** A user-facing message for a complaint of the contract about a draft field. */
function messageFor(draft: OrderDraft, field: DraftField, issue: z.core.$ZodIssue): string {
  const value: unknown = get(draft, field);
  if (field === 'execution.quote' && !draft.execution.quote) return 'Get a quote first';
  if (value === '' || value === undefined) return 'Required';
  return issue.message;
}

/**
 * Everything wrong with the draft, as the contract and the provider see it, or the request it
 * stands for. `now` judges a quote's expiry.
 */
export function checkDraft(draft: OrderDraft, provider: TradingProvider | undefined, now = Date.now()): CheckedDraft {
  const issues = manifestIssues(draft, provider, now);
  const parsed = CreateOrderRequest.safeParse(orderRequestOf(draft, provider));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = draftFieldOf(issue.path);
      issues.push({ field, message: messageFor(draft, field, issue) });
    }
  }
  // One complaint per field, the first: the manifest's, which names the provider, before the contract's.
  const unique = issues.filter((issue, index) => issues.findIndex((other) => other.field === issue.field) === index);
  if (unique.length > 0 || !parsed.success) return { request: null, issues: unique };
  return { request: parsed.data, issues: [] };
}

/** The first step with something to fix, or null when the draft is ready to submit. */
export function firstStepWithIssues(issues: readonly DraftIssue[]): number | null {
  return issues.length === 0 ? null : Math.min(...issues.map((issue) => stepOf(issue.field)));
}

/** react-hook-form's view of `checkDraft`; the provider is looked up from the draft's own choice. */
export function draftResolver(providers: readonly TradingProvider[]): Resolver<OrderDraft> {
  return (values) => {
    const { issues } = checkDraft(
      values,
      providers.find((provider) => provider.id === values.providerId),
    );
    if (issues.length === 0) return { values, errors: {} };
    const errors: FieldErrors<OrderDraft> = {};
    for (const issue of issues) set(errors, issue.field, { type: 'validate', message: issue.message });
    return { values: {}, errors };
  };
}
