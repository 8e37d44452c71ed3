import { describe, expect, it } from 'vitest';
import { ADDRESS_RULES, evmChecksum, type AddressFamily } from './address-rules';

// The examples of EIP-55 itself, and USDT on Ethereum.
const CHECKSUMMED = [
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
  '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
  '0xdAC17F958D2ee523a2206206994597C13D831ec7',
];

/** The address with the case of its first letter flipped: the checksum no longer matches. */
function flipOneLetter(address: string): string {
  const at = address.slice(2).search(/[a-fA-F]/) + 2;
  const letter = address[at]!;
  const flipped = letter === letter.toLowerCase() ? letter.toUpperCase() : letter.toLowerCase();
  return address.slice(0, at) + flipped + address.slice(at + 1);
}

describe('EVM addresses', () => {
  it.each(CHECKSUMMED)('accepts %s and computes the same checksum', (address) => {
    expect(evmChecksum(address.toLowerCase())).toBe(address);
    expect(ADDRESS_RULES.EVM(address)).toBeNull();
  });

  it('accepts an address in one case throughout, which carries no checksum', () => {
    expect(ADDRESS_RULES.EVM(CHECKSUMMED[4]!.toLowerCase())).toBeNull();
    expect(ADDRESS_RULES.EVM(`0x${CHECKSUMMED[4]!.slice(2).toUpperCase()}`)).toBeNull();
  });

  it.each(CHECKSUMMED)('refuses %s with one letter in the wrong case', (address) => {
    expect(ADDRESS_RULES.EVM(flipOneLetter(address))).toMatch(/^the checksum .* does not match EIP-55/);
  });

  it('says how far a partial address has come', () => {
    expect(ADDRESS_RULES.EVM('0x12ab')).toBe('an EVM address is 0x followed by 40 hexadecimal characters (this one has 4)');
    expect(ADDRESS_RULES.EVM('dAC17F958D2ee523a2206206994597C13D831ec7')).toBe('an EVM address is 0x followed by 40 hexadecimal characters');
    expect(ADDRESS_RULES.EVM('0xgAC17F958D2ee523a2206206994597C13D831ec7')).not.toBeNull();
  });
});

describe('other families', () => {
  it.each<[AddressFamily, string]>([
    ['SOL', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'],
    ['TRON', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
    ['XLM', 'GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN'],
    ['ALGO', '31566704'],
    ['ALGO', '18446744073709551615'],
    ['NEAR', 'usdt.tether-token.near'],
    ['SUI', '0xdba34672e30cb065b1f93e3ab55318768fd6fef66c15942c9f7cb846e2f900e7::usdc::USDC'],
    ['TON', 'EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs'],
    ['TON', '0:b113a994b5024a16719f69139328eb759596c38a25f59028b146fecdc3621dfe'],
  ])('accepts a real %s token address', (family, address) => {
    expect(ADDRESS_RULES[family](address)).toBeNull();
  });

  it.each<[AddressFamily, string, RegExp]>([
    ['SOL', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGG', /32 bytes/],
    ['SOL', 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt10', /no 0, O, I or l/],
    ['TRON', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6T', /checksum does not match/],
    ['TRON', 'XR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', /starts with T/],
    ['TRON', 'TR7NHqjeKQxGTCi8q8ZY4pL8', /checksum does not match/],
    ['XLM', 'GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZV', /G followed by 55/],
    ['ALGO', '0', /positive whole number/],
    ['ALGO', '18446744073709551616', /positive whole number/],
    ['NEAR', 'USDT.near', /contract account id/],
    ['NEAR', 'wrap..near', /contract account id/],
    ['SUI', '0xdba3::usdc', /0x<package>::<module>::<TYPE>/],
    ['TON', 'EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id', /raw form/],
  ])('refuses a malformed %s address %s', (family, address, problem) => {
    expect(ADDRESS_RULES[family](address)).toMatch(problem);
  });

  it('leaves the Stellar and TON checksums to the service: the form alone passes here', () => {
    // The last character of each is changed, which breaks its checksum (src/server/features/catalogue/address.test.ts).
    expect(ADDRESS_RULES.XLM('GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVM')).toBeNull();
    expect(ADDRESS_RULES.TON('EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDt')).toBeNull();
  });
});
