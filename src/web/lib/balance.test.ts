import { describe, expect, it } from 'vitest';
import { covers, isAmount } from './balance';

describe('balance checks', () => {
  it('compares decimal strings exactly', () => {
    expect(covers('40.000000000000000001', '40.000000000000000001')).toBe(true);
    expect(covers('40', '40.000000000000000001')).toBe(false);
    // 2^53 + 1: a JS number would call these equal.
    expect(covers('9007199254740992', '9007199254740993')).toBe(false);
  });

  it('takes only amounts the contract accepts', () => {
    expect(isAmount(' 0.5 ')).toBe(true);
    for (const amount of ['', '0', '-1', '1e3', '00.5', '1.0000000000000000001', 'abc']) expect(isAmount(amount)).toBe(false);
  });
});
