import { describe, expect, it } from 'vitest';
import { manifestProblems } from './manifest-checks';
import type { TradingProvider } from './trading';

/** An account-based provider that takes market orders and LIMIT, settles DVP, and wants both parties and the source of funds. */
const ACME: TradingProvider = {
  id: 'ACME',
  name: 'Acme',
  accountBased: true,
  connected: true,
  accounts: [{ id: 'acme-1', name: 'Acme one' }],
  manifest: {
    order: { supported: true, executionTypes: ['MARKET'], limitSupported: true, settlementTypes: ['DVP'], postOrderSupported: false },
    quote: { supported: false, settlementTypes: [] },
    rate: { supported: true },
    requiredFields: { participantsIdentification: ['originator', 'beneficiary'], sourceOfFunds: true },
    pairs: [
      { baseAssetId: 'BTC', quoteAssetId: 'USDC' },
      { baseAssetId: 'ETH', quoteAssetId: 'USDC' },
    ],
    fees: { orderFeeBps: 10, networkFee: '1' },
  },
};

const GOOD_ORDER = {
  kind: 'order',
  accountId: 'acme-1',
  executionType: 'MARKET',
  pair: { baseAssetId: 'BTC', quoteAssetId: 'USDC' },
  settlementType: 'DVP',
  parties: ['originator', 'beneficiary'],
  sourceOfFunds: true,
} as const;

describe('the manifest checks both sides run', () => {
  it('has nothing against an order that asks what the manifest offers', () => {
    expect(manifestProblems(ACME, GOOD_ORDER)).toEqual([]);
    expect(manifestProblems(ACME, { ...GOOD_ORDER, executionType: 'LIMIT' })).toEqual([]);
  });

  it('names the provider, the part and what it offers instead', () => {
    expect(
      manifestProblems(ACME, {
        ...GOOD_ORDER,
        executionType: 'QUOTE',
        pair: { baseAssetId: 'XRP', quoteAssetId: 'USDC' },
        settlementType: 'PREFUNDED',
        parties: ['originator'],
        sourceOfFunds: false,
      }),
    ).toEqual([
      { field: 'executionType', message: 'Acme does not take quote orders, only market or limit' },
      { field: 'pair', message: 'Acme does not trade XRP/USDC (it trades BTC/USDC, ETH/USDC)' },
      { field: 'settlementType', message: 'Acme does not settle prefunded, only delivery versus payment' },
      { field: 'participants.beneficiary', message: 'Acme asks for the beneficiary to be identified' },
      { field: 'sourceOfFunds', message: 'Acme asks for the source of funds' },
    ]);
  });

  it('checks the provider itself and the account first', () => {
    const unconnected = { ...ACME, connected: false, manifest: { ...ACME.manifest, order: { ...ACME.manifest.order, supported: false } } };
    expect(manifestProblems(unconnected, { ...GOOD_ORDER, accountId: 'acme-9' })).toEqual([
      { field: 'provider', message: 'Acme does not take orders' },
      { field: 'provider', message: 'Acme is not connected to this workspace yet' },
      { field: 'account', message: 'acme-9 is not one of your accounts at Acme' },
    ]);
    expect(manifestProblems(ACME, { kind: 'quote', accountId: '' })).toEqual([
      { field: 'provider', message: 'Acme does not give quotes' },
      { field: 'account', message: 'Acme is account-based: choose one of your accounts there' },
    ]);
    expect(manifestProblems({ ...ACME, accountBased: false }, { ...GOOD_ORDER })).toEqual([
      { field: 'account', message: 'Acme is not account-based: leave the account out' },
    ]);
  });

  it('leaves out what is not asked, as a draft being filled in or a quote', () => {
    expect(manifestProblems(ACME, { kind: 'order', accountId: 'acme-1', executionType: '', settlementType: '' })).toEqual([]);
  });
});
