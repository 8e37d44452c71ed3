import { describe, expect, it } from 'vitest';
import { CreateOrderRequest } from '../../../contract/trading';
import { TRADING_PROVIDERS } from '../../../server/features/trading/providers';
import { checkDraft, draftFieldOf, EMPTY_DRAFT, EMPTY_PARTICIPANT, firstStepWithIssues, type OrderDraft, REQUEST_FIELDS, stepOf } from './order-draft';
import { BERLIN_ADDRESS } from '../../../server/test/fixtures';

const provider = (id: string) => TRADING_PROVIDERS.find((p) => p.id === id)!;
const ATLAS = provider('ATLAS');
const HARBOR = provider('HARBOR');
const NORTHWIND = provider('NORTHWIND');

/** The parties of the complete order, as the request names them: the draft holds the same, its other fields empty. */
const ADA = {
  entityType: 'INDIVIDUAL',
  externalReferenceId: 'cust-1',
  participantRelationshipType: 'FirstParty',
  fullName: { firstName: 'Ada', lastName: 'Lovelace' },
  dateOfBirth: '1985-12-10',
  email: 'ada@example.com',
  postalAddress: BERLIN_ADDRESS,
} as const;
const ACME = {
  entityType: 'BUSINESS',
  externalReferenceId: 'biz-1',
  participantRelationshipType: 'ThirdParty',
  businessName: 'Acme GmbH',
  registrationNumber: 'HRB 12345',
  postalAddress: BERLIN_ADDRESS,
} as const;

/** A complete Atlas order: MARKET BUY 0.5 BTC for USDC, DVP from vault 1 to vault 0, both parties identified. */
function atlasDraft(): OrderDraft {
  return {
    ...EMPTY_DRAFT,
    providerId: 'ATLAS',
    accountId: 'atlas-main',
    execution: { ...EMPTY_DRAFT.execution, type: 'MARKET', side: 'BUY', baseAssetId: 'BTC', quoteAssetId: 'USDC', baseAmount: ' 0.5 ' },
    settlement: {
      type: 'DVP',
      sourceAccount: { type: 'VAULT_ACCOUNT', accountId: '1', address: '', tag: '' },
      destinationAccount: { type: 'VAULT_ACCOUNT', accountId: '0', address: '', tag: '' },
    },
    participants: {
      originator: { ...EMPTY_PARTICIPANT, ...ADA },
      beneficiary: { ...EMPTY_PARTICIPANT, ...ACME },
    },
    sourceOfFunds: { reasonForPayment: 'INVESTMENT' },
  };
}

describe('checkDraft', () => {
  it('turns a complete draft into the contract’s request, trimmed and without the fields left empty', () => {
    const checked = checkDraft(atlasDraft(), ATLAS);
    expect(checked.issues).toEqual([]);
    expect(checked.request).toEqual({
      via: { type: 'PROVIDER_ACCOUNT', providerId: 'ATLAS', accountId: 'atlas-main' },
      executionRequestDetails: { type: 'MARKET', side: 'BUY', baseAmount: '0.5', baseAssetId: 'BTC', quoteAssetId: 'USDC' },
      settlement: { type: 'DVP', sourceAccount: { type: 'VAULT_ACCOUNT', accountId: '1' }, destinationAccount: { type: 'VAULT_ACCOUNT', accountId: '0' } },
      participantsIdentification: {
        originator: ADA,
        beneficiary: ACME,
      },
      sourceOfFunds: { reasonForPayment: 'INVESTMENT' },
    });
    expect(CreateOrderRequest.safeParse(checked.request).success).toBe(true);
  });

  it('requires what the provider’s manifest requires, and only that', () => {
    const bare: OrderDraft = {
      ...atlasDraft(),
      participants: { originator: EMPTY_PARTICIPANT, beneficiary: EMPTY_PARTICIPANT },
      sourceOfFunds: { reasonForPayment: '' },
    };
    const atlas = checkDraft(bare, ATLAS);
    const fields = atlas.issues.map((issue) => issue.field);
    expect(fields).toContain('participants.originator.fullName.firstName');
    expect(fields).toContain('participants.beneficiary.postalAddress.country');
    expect(atlas.issues.find((issue) => issue.field === 'sourceOfFunds.reasonForPayment')?.message).toBe('Atlas Prime Brokerage asks for the source of funds');
    expect(atlas.issues.find((issue) => issue.field === 'participants.originator.dateOfBirth')?.message).toBe('Required');

    // Harbor requires neither, settles prefunded only and is not account-based.
    const harbor = checkDraft(
      {
        ...bare,
        providerId: 'HARBOR',
        accountId: '',
        execution: { ...bare.execution, quoteAssetId: 'USDT' },
        settlement: { ...bare.settlement, type: 'PREFUNDED' },
      },
      HARBOR,
    );
    expect(harbor.issues).toEqual([]);
    expect(harbor.request).toMatchObject({
      via: { type: 'PROVIDER', providerId: 'HARBOR' },
      settlement: { type: 'PREFUNDED', destinationAccount: { type: 'VAULT_ACCOUNT', accountId: '0' } },
    });
    expect(harbor.request).not.toHaveProperty('participantsIdentification');
    expect(harbor.request).not.toHaveProperty('sourceOfFunds');
  });

  it('checks an optional party once the user chose to identify it', () => {
    const draft: OrderDraft = { ...atlasDraft(), providerId: 'HARBOR', accountId: '', settlement: { ...atlasDraft().settlement, type: 'PREFUNDED' } };
    draft.execution = { ...draft.execution, quoteAssetId: 'USDT' };
    draft.participants = { originator: { ...EMPTY_PARTICIPANT, included: true }, beneficiary: EMPTY_PARTICIPANT };
    const { issues } = checkDraft(draft, HARBOR);
    expect(issues.map((issue) => issue.field)).toContain('participants.originator.externalReferenceId');
    expect(issues.some((issue) => issue.field.startsWith('participants.beneficiary'))).toBe(false);
  });

  it('names the provider when the draft asks for what its manifest does not offer', () => {
    const draft = atlasDraft();
    draft.execution = { ...draft.execution, baseAssetId: 'XRP', quoteAssetId: 'USDT' };
    draft.settlement = { ...draft.settlement, type: 'POST_ORDER' };
    const { issues } = checkDraft(draft, ATLAS);
    expect(issues).toContainEqual({
      field: 'execution.quoteAssetId',
      message: 'Atlas Prime Brokerage does not trade XRP/USDT (it trades BTC/USDC, ETH/USDC, SOL/USDC, BTC/USDT)',
    });
    expect(issues).toContainEqual({
      field: 'settlement.type',
      message: 'Atlas Prime Brokerage does not settle after the order, only delivery versus payment or prefunded',
    });
    expect(checkDraft({ ...atlasDraft(), providerId: 'NORTHWIND', accountId: '' }, NORTHWIND).issues[0]).toEqual({
      field: 'providerId',
      message: 'Northwind Markets is not connected to this workspace yet',
    });
  });

  it('puts the contract’s own complaints on the field they concern', () => {
    const draft = atlasDraft();
    draft.execution = { ...draft.execution, baseAmount: '0.5e3' };
    draft.participants = { ...draft.participants, originator: { ...draft.participants.originator, phone: '030 123456', dateOfBirth: '2999-01-01' } };
    const { issues } = checkDraft(draft, ATLAS);
    expect(issues).toContainEqual({ field: 'execution.baseAmount', message: expect.stringMatching(/^baseAmount must be a decimal number greater than 0/) });
    expect(issues).toContainEqual({ field: 'participants.originator.phone', message: expect.stringContaining('E.164') });
    expect(issues).toContainEqual({ field: 'participants.originator.dateOfBirth', message: expect.stringContaining('not in the future') });
  });

  it('accepts a quote only for what it was given for, and while it holds', () => {
    const now = Date.UTC(2026, 0, 1, 12);
    const draft = atlasDraft();
    const quote = {
      id: 'q1',
      side: 'BUY' as const,
      baseAssetId: 'BTC',
      quoteAssetId: 'USDC',
      baseAmount: '0.5',
      quoteAmount: '32500',
      expiresAt: new Date(now + 30_000).toISOString(),
    };
    draft.execution = { ...draft.execution, type: 'QUOTE', baseAmount: '0.5', quote: null };
    expect(checkDraft(draft, ATLAS, now).issues).toEqual([{ field: 'execution.quote', message: 'Get a quote first' }]);

    draft.execution = { ...draft.execution, quote };
    expect(checkDraft(draft, ATLAS, now).request?.executionRequestDetails).toEqual({
      type: 'QUOTE',
      side: 'BUY',
      baseAmount: '0.5',
      baseAssetId: 'BTC',
      quoteAssetId: 'USDC',
      quoteId: 'q1',
    });
    expect(checkDraft({ ...draft, execution: { ...draft.execution, baseAmount: '0.6' } }, ATLAS, now).issues[0]?.message).toMatch(
      /another side, pair or amount/,
    );
    expect(checkDraft(draft, ATLAS, now + 60_000).issues[0]?.message).toMatch(/has expired/);
    const requoted = checkDraft({ ...draft, execution: { ...draft.execution, reQuoteAtMarket: true } }, ATLAS, now + 60_000);
    expect(requoted.request?.executionRequestDetails).toMatchObject({ quoteId: 'q1', reQuote: { type: 'MARKET' } });
  });

  it('sends a one-time address with its tag, and a limit order as fill or kill', () => {
    const draft = atlasDraft();
    draft.execution = { ...draft.execution, type: 'LIMIT', limitPrice: '64000' };
    draft.settlement = {
      ...draft.settlement,
      destinationAccount: { type: 'ONE_TIME_ADDRESS', accountId: '', address: 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY', tag: ' 12345 ' },
    };
    const { request } = checkDraft(draft, ATLAS);
    expect(request?.executionRequestDetails).toMatchObject({ type: 'LIMIT', timeInForce: 'FOK', limitPrice: '64000' });
    expect(request?.settlement).toMatchObject({
      destinationAccount: { type: 'ONE_TIME_ADDRESS', address: 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY', tag: '12345' },
    });
    // LIMIT is not in any manifest's executionTypes (the SDKs' models have no such value there):
    // limitSupported says who takes it.
    expect(ATLAS.manifest.order.executionTypes).not.toContain('LIMIT');
    expect(checkDraft({ ...draft, providerId: 'HARBOR', accountId: '' }, HARBOR).issues).toContainEqual({
      field: 'execution.type',
      message: 'Harbor OTC does not take limit orders, only market or quote',
    });
  });

  it('opens the first step with something to fix', () => {
    expect(firstStepWithIssues(checkDraft(EMPTY_DRAFT, undefined).issues)).toBe(0);
    const draft = atlasDraft();
    draft.sourceOfFunds = { reasonForPayment: '' };
    expect(firstStepWithIssues(checkDraft(draft, ATLAS).issues)).toBe(stepOf('sourceOfFunds'));
    expect(firstStepWithIssues(checkDraft(atlasDraft(), ATLAS).issues)).toBeNull();
  });
});

describe('the service’s field names', () => {
  it('lead to the draft field that holds them', () => {
    expect(draftFieldOf(['via', 'accountId'])).toBe('accountId');
    expect(draftFieldOf(['executionRequestDetails', 'quoteId'])).toBe('execution.quote');
    expect(draftFieldOf(['settlement', 'sourceAccount', 'accountId'])).toBe('settlement.sourceAccount.accountId');
    expect(draftFieldOf(['participantsIdentification', 'beneficiary', 'postalAddress', 'city'])).toBe('participants.beneficiary.postalAddress.city');
    expect(draftFieldOf(['sourceOfFunds'])).toBe('sourceOfFunds.reasonForPayment');
    expect(stepOf('participants.beneficiary.postalAddress.city')).toBe(3);
  });

  it('are listed most specific first, so a message is matched to its deepest field', () => {
    const at = (path: string) => REQUEST_FIELDS.indexOf(path);
    expect(at('settlement.sourceAccount.accountId')).toBeLessThan(at('settlement.type'));
    expect(at('participantsIdentification.beneficiary.dateOfBirth')).toBeLessThan(at('participantsIdentification.beneficiary'));
  });
});
