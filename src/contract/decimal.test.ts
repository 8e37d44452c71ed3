import { describe, expect, it } from 'vitest';
import { CreateTrmRequest } from './travel-rule';
import { CreateQuoteRequest, ExecutionRequestDetails } from './trading';
import { CreateTransactionRequest } from './transactions';
import { decimalString, positiveDecimal } from './decimal';

describe('decimal amounts', () => {
  const positive = positiveDecimal('amount');
  it('takes one spelling per amount: no leading zeros, sign, exponent or bare dot', () => {
    for (const good of ['1', '0.5', '10', '123.000000000000000001', '9'.repeat(30)]) expect(positive.safeParse(good).success, good).toBe(true);
    for (const bad of [
      '0',
      '0.0',
      '00.1',
      '01',
      '007.5',
      '-1',
      '+1',
      '1e3',
      '.5',
      '5.',
      ' 1',
      '1 ',
      '1,5',
      '0x10',
      '9'.repeat(31),
      '1.0000000000000000001',
      '',
    ])
      expect(positive.safeParse(bad).success, bad).toBe(false);
    expect(positive.safeParse('00.1').error?.issues[0]?.message).toMatch(/^amount must be a decimal number greater than 0.*without leading zeros/);
  });
  it('0 is a decimal string, 00 is not', () => {
    const usd = decimalString('amountUSD', { integer: 21, fraction: 8 });
    expect(usd.safeParse('0').success).toBe(true);
    expect(usd.safeParse('1250.40').success).toBe(true);
    expect(usd.safeParse('00').success).toBe(false);
    expect(usd.safeParse('1.123456789').success).toBe(false);
  });
  it('every amount of the contract refuses leading zeros', () => {
    const wrongField = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) => result.error?.issues.map((i) => i.path.join('.'));
    expect(
      wrongField(
        ExecutionRequestDetails.safeParse({
          type: 'LIMIT',
          timeInForce: 'FOK',
          limitPrice: '007',
          side: 'BUY',
          baseAmount: '00.1',
          baseAssetId: 'BTC',
          quoteAssetId: 'USD',
        }),
      ),
    ).toEqual(expect.arrayContaining(['baseAmount', 'limitPrice']));
    expect(wrongField(CreateQuoteRequest.safeParse({ baseAmount: '00.1' }))).toContain('baseAmount');
    expect(
      wrongField(
        CreateTransactionRequest.safeParse({
          assetId: 'ETH',
          amount: '01',
          source: { type: 'VAULT_ACCOUNT', id: '0' },
          destination: { type: 'VAULT_ACCOUNT', id: '1' },
        }),
      ),
    ).toContain('amount');
    expect(wrongField(CreateTrmRequest.safeParse({ amount: '00.1', amountUSD: '01' }))).toEqual(expect.arrayContaining(['amount', 'amountUSD']));
  });
});
