import { describe, expect, it } from 'vitest';
import { addressProblem } from './address-rules';

// The rules themselves are tested where both sides take them from (src/contract/address-rules.test.ts).
describe('the register form’s address check', () => {
  it('says the shared rule’s problem as a sentence of its own', () => {
    expect(addressProblem('EVM', '0x12ab')).toBe('An EVM address is 0x followed by 40 hexadecimal characters (this one has 4)');
    expect(addressProblem('TRON', 'XR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe('A TRON address starts with T');
    expect(addressProblem('SOL', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v')).toBeNull();
  });

  it('leaves a family it has no rule for to the service', () => {
    expect(addressProblem(null, 'anything')).toBeNull();
    expect(addressProblem('HBAR', 'anything')).toBeNull();
    expect(addressProblem('toString', 'anything')).toBeNull();
  });
});
