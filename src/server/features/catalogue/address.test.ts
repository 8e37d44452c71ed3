import { describe, expect, it } from 'vitest';
import type { AddressFamily } from '../../../contract/address-rules';
import { checkAddress } from './address';

// Real addresses of each family, and the same ones broken in the way people break them.
const CASES: Record<AddressFamily, { valid: string[]; invalid: string[] }> = {
  EVM: {
    valid: ['0xdAC17F958D2ee523a2206206994597C13D831ec7', '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48', '0xA0B86991C6218B36C1D19D4A2E9EB0CE3606EB48'],
    invalid: [
      '0xdAC17F958D2ee523a2206206994597C13D831eC7',
      '0xdAC17F958D2ee523a2206206994597C13D831ec',
      'dAC17F958D2ee523a2206206994597C13D831ec7',
      '0xgAC17F958D2ee523a2206206994597C13D831ec7',
    ],
  },
  SOL: {
    valid: ['EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v', 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB'],
    // Solana has no checksum: only the alphabet and the 32-byte length can be checked.
    invalid: [
      'EPjFWdd5AufqSSqeM2qN1xzybapC8G4',
      'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1vEPjF',
      'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTD0I',
      '0xdAC17F958D2ee523a2206206994597C13D831ec7',
    ],
  },
  TRON: {
    valid: ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8'],
    invalid: ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u', 'XR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'TR7NHqjeKQxGTCi8q8ZY4pL8'],
  },
  XLM: {
    valid: ['GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN', 'GBNZILSTVQZ4R7IKQDGHYGY2QXL5QOFJYQMXPKWRRM5PAV7Y4M67AQUA'],
    invalid: ['GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVM', 'SA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN', 'USDC'],
  },
  ALGO: { valid: ['31566704', '312769', '18446744073709551615'], invalid: ['0', '-5', '31566704.5', '18446744073709551616', 'USDC'] },
  NEAR: {
    valid: ['usdt.tether-token.near', 'wrap.near', '17208628f84f5d6ad33f0da3bbbeb27ffcb398eac501a31bd6ad2011e36133a1'],
    invalid: ['Wrap.near', 'wrap..near', '.wrap.near', 'a', 'wrap.near-'],
  },
  SUI: {
    valid: ['0xdba34672e30cb065b1f93e3ab55318768fd6fef66c15942c9f7cb846e2f900e7::usdc::USDC', '0x2::sui::SUI'],
    invalid: ['0xdba34672e30cb065b1f93e3ab55318768fd6fef66c15942c9f7cb846e2f900e7', 'dba3::usdc::USDC', '0xzz::usdc::USDC'],
  },
  TON: {
    valid: [
      'EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs',
      'EQAvlWFDxGF2lXm67y4yzC17wYKD9A0guwPkMs1gOsM__NOT',
      '0:b113a994b5024a16719f69139328eb759596c38a25f59028b146fecdc3621dfe',
    ],
    invalid: ['EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDt', 'EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_s', '0:xyz'],
  },
};

describe.each(Object.entries(CASES))('%s addresses', (family, { valid, invalid }) => {
  const check = (address: string) => checkAddress(family as AddressFamily, address);
  it.each(valid)('accepts %s', async (address) => expect(await check(address)).toBeNull());
  it.each(invalid)('refuses %s with a reason', async (address) => expect(await check(address)).toMatch(/\w{4}/));
});
