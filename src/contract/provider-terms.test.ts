import { describe, expect, it } from 'vitest';
import { providerTerms, type TradingProvider } from './trading';

const manifest = (
  order: Partial<TradingProvider['manifest']['order']>,
  requiredFields: TradingProvider['manifest']['requiredFields'] = { participantsIdentification: [], sourceOfFunds: false },
): TradingProvider['manifest'] => ({
  order: { supported: true, executionTypes: ['MARKET'], limitSupported: false, settlementTypes: ['DVP'], postOrderSupported: false, ...order },
  quote: { supported: true, settlementTypes: ['DVP'] },
  rate: { supported: true },
  requiredFields,
  pairs: [{ baseAssetId: 'BTC', quoteAssetId: 'USDC' }],
  fees: { orderFeeBps: 10, networkFee: '1' },
});

describe('providerTerms', () => {
  it('adds LIMIT and POST_ORDER where the manifest flags them, and checks against the whole list', () => {
    const terms = providerTerms({
      id: 'A',
      name: 'A',
      accountBased: false,
      manifest: manifest({ executionTypes: ['MARKET', 'QUOTE'], limitSupported: true, settlementTypes: ['DVP', 'PREFUNDED'], postOrderSupported: true }),
    });
    expect(terms.executionTypes).toEqual(['MARKET', 'QUOTE', 'LIMIT']);
    expect(terms.settlementTypes).toEqual(['DVP', 'PREFUNDED', 'POST_ORDER']);
    expect(terms.takesExecution('LIMIT')).toBe(true);
    expect(terms.settles('POST_ORDER')).toBe(true);
    const plain = providerTerms({ id: 'B', name: 'B', accountBased: false, manifest: manifest({}) });
    expect([plain.takesExecution('LIMIT'), plain.takesExecution('QUOTE'), plain.settles('POST_ORDER'), plain.settles('PREFUNDED')]).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('trades only its pairs, in their direction', () => {
    const terms = providerTerms({ id: 'A', name: 'A', accountBased: false, manifest: manifest({}) });
    expect(terms.tradesPair('BTC', 'USDC')).toBe(true);
    expect(terms.tradesPair('USDC', 'BTC')).toBe(false);
    expect(terms.tradesPair('', '')).toBe(false);
  });

  it('an account-based provider: connected or not, and which accounts are its own', () => {
    const accounts = [{ id: 'acc-1', name: 'Main' }];
    const connected = providerTerms({ id: 'A', name: 'A', accountBased: true, connected: true, accounts, manifest: manifest({}) });
    expect(connected.connected).toBe(true);
    expect(connected.hasAccount('acc-1')).toBe(true);
    expect(connected.hasAccount('acc-2')).toBe(false);
    expect(providerTerms({ id: 'B', name: 'B', accountBased: true, connected: false, manifest: manifest({}) }).connected).toBe(false);
    expect(providerTerms({ id: 'B', name: 'B', accountBased: true, connected: false, manifest: manifest({}) }).hasAccount('acc-1')).toBe(false);
    // A direct provider needs no connection.
    expect(providerTerms({ id: 'C', name: 'C', accountBased: false, connected: false, manifest: manifest({}) }).connected).toBe(true);
  });

  it('states the participants and source of funds an order must carry', () => {
    const terms = providerTerms({
      id: 'A',
      name: 'A',
      accountBased: false,
      manifest: manifest({}, { participantsIdentification: ['originator', 'beneficiary'], sourceOfFunds: true }),
    });
    expect(terms.requiredParties).toEqual(['originator', 'beneficiary']);
    expect(terms.requiresSourceOfFunds).toBe(true);
  });
});
