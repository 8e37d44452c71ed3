// Builds the shipped catalogue (src/server/features/catalogue/data/catalogue.json) from the Uniswap
// default token list (real EVM and Solana tokens) and the hand-kept tables below, checking every
// address with the service's own validators. Ids are derived from legacy ids, so they never change.
//   npx tsx scripts/build-catalogue.ts
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import tokenList from '@uniswap/default-token-list' with { type: 'json' };
import { evmChecksum, type AddressFamily } from '../src/contract/address-rules';
import { checkAddress } from '../src/server/features/catalogue/address';

type Registration = 'SELF_SERVE' | 'NO_TOKENS' | 'NOT_SELF_SERVE';
interface ChainRow {
  legacyId: string;
  name: string;
  protocol: string;
  family: AddressFamily | null;
  chainId: number | null;
  test: boolean;
  signingAlgo: 'ECDSA_SECP256K1' | 'EDDSA_ED25519';
  explorer: string;
  native: { symbol: string; name: string; decimals: number };
  registration: Registration;
  deprecated?: boolean;
  tokenStandard?: string;
  suffix?: string;
}

/** A stable id: a UUID (version 8, name-based) made from what the thing is. */
export function stableId(kind: string, legacyId: string): string {
  const h = createHash('sha256').update(`asset-ops:${kind}:${legacyId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-8${h.slice(13, 16)}-${((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const evm = (legacyId: string, name: string, chainId: number, explorer: string, native: ChainRow['native'], extra: Partial<ChainRow> = {}): ChainRow => ({
  legacyId,
  name,
  protocol: 'EVM',
  family: 'EVM',
  chainId,
  test: false,
  signingAlgo: 'ECDSA_SECP256K1',
  explorer,
  native,
  registration: 'SELF_SERVE',
  tokenStandard: 'ERC20',
  ...extra,
});
const ETH_NATIVE = { symbol: 'ETH', name: 'Ether', decimals: 18 };
const CHAINS: ChainRow[] = [
  evm('ETH', 'Ethereum', 1, 'https://etherscan.io', ETH_NATIVE, { suffix: 'ERC20' }),
  evm('MATIC_POLYGON', 'Polygon PoS', 137, 'https://polygonscan.com', { symbol: 'POL', name: 'Polygon Ecosystem Token', decimals: 18 }, { suffix: 'POLYGON' }),
  evm('BNB_BSC', 'BNB Smart Chain', 56, 'https://bscscan.com', { symbol: 'BNB', name: 'BNB', decimals: 18 }, { suffix: 'BSC', tokenStandard: 'BEP20' }),
  evm('ETH-AETH', 'Arbitrum One', 42161, 'https://arbiscan.io', ETH_NATIVE, { suffix: 'ARB' }),
  evm('ETH-OPT', 'OP Mainnet', 10, 'https://optimistic.etherscan.io', ETH_NATIVE, { suffix: 'OPT' }),
  evm('BASECHAIN_ETH', 'Base', 8453, 'https://basescan.org', ETH_NATIVE, { suffix: 'BASE' }),
  evm('AVAX', 'Avalanche C-Chain', 43114, 'https://snowtrace.io', { symbol: 'AVAX', name: 'Avalanche', decimals: 18 }, { suffix: 'AVAX' }),
  evm('CELO', 'Celo', 42220, 'https://celoscan.io', { symbol: 'CELO', name: 'Celo', decimals: 18 }, { suffix: 'CELO' }),
  evm('FTM_FANTOM', 'Fantom Opera', 250, 'https://ftmscan.com', { symbol: 'FTM', name: 'Fantom', decimals: 18 }, { deprecated: true }),
  evm('ETC', 'Ethereum Classic', 61, 'https://etc.blockscout.com', { symbol: 'ETC', name: 'Ethereum Classic', decimals: 18 }),
  evm('LINEA', 'Linea', 59144, 'https://lineascan.build', ETH_NATIVE),
  evm('ZKSYNC_ERA', 'zkSync Era', 324, 'https://explorer.zksync.io', ETH_NATIVE),
  evm('MANTLE', 'Mantle', 5000, 'https://mantlescan.xyz', { symbol: 'MNT', name: 'Mantle', decimals: 18 }),
  evm('SCROLL', 'Scroll', 534352, 'https://scrollscan.com', ETH_NATIVE),
  evm('BLAST', 'Blast', 81457, 'https://blastscan.io', ETH_NATIVE),
  evm('CRONOS', 'Cronos', 25, 'https://cronoscan.com', { symbol: 'CRO', name: 'Cronos', decimals: 18 }),
  evm('XDAI', 'Gnosis Chain', 100, 'https://gnosisscan.io', { symbol: 'XDAI', name: 'xDAI', decimals: 18 }),
  evm('GLMR_GLMR', 'Moonbeam', 1284, 'https://moonscan.io', { symbol: 'GLMR', name: 'Glimmer', decimals: 18 }),
  evm(
    'ETH_TEST5',
    'Ethereum Sepolia',
    11155111,
    'https://sepolia.etherscan.io',
    { symbol: 'ETH', name: 'Sepolia Ether', decimals: 18 },
    { test: true, suffix: 'TEST5' },
  ),
  evm('ETH_TEST6', 'Ethereum Holesky', 17000, 'https://holesky.etherscan.io', { symbol: 'ETH', name: 'Holesky Ether', decimals: 18 }, { test: true }),
  evm(
    'ETH_TEST3',
    'Ethereum Goerli',
    5,
    'https://goerli.etherscan.io',
    { symbol: 'ETH', name: 'Goerli Ether', decimals: 18 },
    { test: true, deprecated: true },
  ),
  evm('AMOY_POLYGON_TEST', 'Polygon Amoy', 80002, 'https://amoy.polygonscan.com', { symbol: 'POL', name: 'Amoy POL', decimals: 18 }, { test: true }),
  evm(
    'MATIC_POLYGON_MUMBAI',
    'Polygon Mumbai',
    80001,
    'https://mumbai.polygonscan.com',
    { symbol: 'MATIC', name: 'Mumbai MATIC', decimals: 18 },
    { test: true, deprecated: true },
  ),
  evm(
    'BASECHAIN_ETH_TEST5',
    'Base Sepolia',
    84532,
    'https://sepolia.basescan.org',
    { symbol: 'ETH', name: 'Base Sepolia Ether', decimals: 18 },
    { test: true },
  ),
  evm(
    'ETH-AETH_SEPOLIA',
    'Arbitrum Sepolia',
    421614,
    'https://sepolia.arbiscan.io',
    { symbol: 'ETH', name: 'Arbitrum Sepolia Ether', decimals: 18 },
    { test: true },
  ),
  evm('AVAXTEST', 'Avalanche Fuji', 43113, 'https://testnet.snowtrace.io', { symbol: 'AVAX', name: 'Fuji AVAX', decimals: 18 }, { test: true }),
  evm(
    'BNB_TEST',
    'BNB Smart Chain Testnet',
    97,
    'https://testnet.bscscan.com',
    { symbol: 'BNB', name: 'Test BNB', decimals: 18 },
    { test: true, tokenStandard: 'BEP20' },
  ),
  {
    legacyId: 'BTC',
    name: 'Bitcoin',
    protocol: 'UTXO',
    family: null,
    chainId: null,
    test: false,
    signingAlgo: 'ECDSA_SECP256K1',
    explorer: 'https://mempool.space',
    native: { symbol: 'BTC', name: 'Bitcoin', decimals: 8 },
    registration: 'NO_TOKENS',
  },
  {
    legacyId: 'BTC_TEST',
    name: 'Bitcoin Testnet',
    protocol: 'UTXO',
    family: null,
    chainId: null,
    test: true,
    signingAlgo: 'ECDSA_SECP256K1',
    explorer: 'https://mempool.space/testnet',
    native: { symbol: 'BTC', name: 'Test Bitcoin', decimals: 8 },
    registration: 'NO_TOKENS',
  },
  {
    legacyId: 'LTC',
    name: 'Litecoin',
    protocol: 'UTXO',
    family: null,
    chainId: null,
    test: false,
    signingAlgo: 'ECDSA_SECP256K1',
    explorer: 'https://litecoinspace.org',
    native: { symbol: 'LTC', name: 'Litecoin', decimals: 8 },
    registration: 'NO_TOKENS',
  },
  {
    legacyId: 'DOGE',
    name: 'Dogecoin',
    protocol: 'UTXO',
    family: null,
    chainId: null,
    test: false,
    signingAlgo: 'ECDSA_SECP256K1',
    explorer: 'https://dogechain.info',
    native: { symbol: 'DOGE', name: 'Dogecoin', decimals: 8 },
    registration: 'NO_TOKENS',
  },
  {
    legacyId: 'BCH',
    name: 'Bitcoin Cash',
    protocol: 'UTXO',
    family: null,
    chainId: null,
    test: false,
    signingAlgo: 'ECDSA_SECP256K1',
    explorer: 'https://blockchair.com/bitcoin-cash',
    native: { symbol: 'BCH', name: 'Bitcoin Cash', decimals: 8 },
    registration: 'NO_TOKENS',
  },
  {
    legacyId: 'ADA',
    name: 'Cardano',
    protocol: 'ADA',
    family: null,
    chainId: null,
    test: false,
    signingAlgo: 'EDDSA_ED25519',
    explorer: 'https://cardanoscan.io',
    native: { symbol: 'ADA', name: 'Cardano', decimals: 6 },
    registration: 'NOT_SELF_SERVE',
  },
  {
    legacyId: 'DOT',
    name: 'Polkadot',
    protocol: 'DOT',
    family: null,
    chainId: null,
    test: false,
    signingAlgo: 'EDDSA_ED25519',
    explorer: 'https://polkadot.subscan.io',
    native: { symbol: 'DOT', name: 'Polkadot', decimals: 10 },
    registration: 'NOT_SELF_SERVE',
  },
  {
    legacyId: 'XRP',
    name: 'XRP Ledger',
    protocol: 'XRP',
    family: null,
    chainId: null,
    test: false,
    signingAlgo: 'ECDSA_SECP256K1',
    explorer: 'https://livenet.xrpl.org',
    native: { symbol: 'XRP', name: 'XRP', decimals: 6 },
    registration: 'NOT_SELF_SERVE',
  },
  {
    legacyId: 'ATOM_COS',
    name: 'Cosmos Hub',
    protocol: 'COSMOS',
    family: null,
    chainId: null,
    test: false,
    signingAlgo: 'ECDSA_SECP256K1',
    explorer: 'https://www.mintscan.io/cosmos',
    native: { symbol: 'ATOM', name: 'Cosmos', decimals: 6 },
    registration: 'NOT_SELF_SERVE',
  },
  {
    legacyId: 'HBAR',
    name: 'Hedera',
    protocol: 'HBAR',
    family: null,
    chainId: null,
    test: false,
    signingAlgo: 'EDDSA_ED25519',
    explorer: 'https://hashscan.io/mainnet',
    native: { symbol: 'HBAR', name: 'Hedera', decimals: 8 },
    registration: 'NOT_SELF_SERVE',
  },
  {
    legacyId: 'XTZ',
    name: 'Tezos',
    protocol: 'XTZ',
    family: null,
    chainId: null,
    test: false,
    signingAlgo: 'EDDSA_ED25519',
    explorer: 'https://tzkt.io',
    native: { symbol: 'XTZ', name: 'Tezos', decimals: 6 },
    registration: 'NOT_SELF_SERVE',
  },
  {
    legacyId: 'SOL',
    name: 'Solana',
    protocol: 'SOL',
    family: 'SOL',
    chainId: null,
    test: false,
    signingAlgo: 'EDDSA_ED25519',
    explorer: 'https://explorer.solana.com',
    native: { symbol: 'SOL', name: 'Solana', decimals: 9 },
    registration: 'SELF_SERVE',
    tokenStandard: 'SPL',
    suffix: 'SOL',
  },
  {
    legacyId: 'SOL_TEST',
    name: 'Solana Devnet',
    protocol: 'SOL',
    family: 'SOL',
    chainId: null,
    test: true,
    signingAlgo: 'EDDSA_ED25519',
    explorer: 'https://explorer.solana.com/?cluster=devnet',
    native: { symbol: 'SOL', name: 'Devnet SOL', decimals: 9 },
    registration: 'SELF_SERVE',
    tokenStandard: 'SPL',
  },
  {
    legacyId: 'TRX',
    name: 'TRON',
    protocol: 'TRON',
    family: 'TRON',
    chainId: null,
    test: false,
    signingAlgo: 'ECDSA_SECP256K1',
    explorer: 'https://tronscan.org',
    native: { symbol: 'TRX', name: 'TRON', decimals: 6 },
    registration: 'SELF_SERVE',
    tokenStandard: 'TRC20',
    suffix: 'TRX',
  },
  {
    legacyId: 'TRX_TEST',
    name: 'TRON Nile Testnet',
    protocol: 'TRON',
    family: 'TRON',
    chainId: null,
    test: true,
    signingAlgo: 'ECDSA_SECP256K1',
    explorer: 'https://nile.tronscan.org',
    native: { symbol: 'TRX', name: 'Nile TRX', decimals: 6 },
    registration: 'SELF_SERVE',
    tokenStandard: 'TRC20',
  },
  {
    legacyId: 'XLM',
    name: 'Stellar',
    protocol: 'XLM',
    family: 'XLM',
    chainId: null,
    test: false,
    signingAlgo: 'EDDSA_ED25519',
    explorer: 'https://stellar.expert/explorer/public',
    native: { symbol: 'XLM', name: 'Stellar Lumens', decimals: 7 },
    registration: 'SELF_SERVE',
    tokenStandard: 'STELLAR_ASSET',
    suffix: 'XLM',
  },
  {
    legacyId: 'XLM_TEST',
    name: 'Stellar Testnet',
    protocol: 'XLM',
    family: 'XLM',
    chainId: null,
    test: true,
    signingAlgo: 'EDDSA_ED25519',
    explorer: 'https://stellar.expert/explorer/testnet',
    native: { symbol: 'XLM', name: 'Test Lumens', decimals: 7 },
    registration: 'SELF_SERVE',
    tokenStandard: 'STELLAR_ASSET',
  },
  {
    legacyId: 'ALGO',
    name: 'Algorand',
    protocol: 'ALGO',
    family: 'ALGO',
    chainId: null,
    test: false,
    signingAlgo: 'EDDSA_ED25519',
    explorer: 'https://allo.info',
    native: { symbol: 'ALGO', name: 'Algorand', decimals: 6 },
    registration: 'SELF_SERVE',
    tokenStandard: 'ASA',
    suffix: 'ALGO',
  },
  {
    legacyId: 'ALGO_TEST',
    name: 'Algorand Testnet',
    protocol: 'ALGO',
    family: 'ALGO',
    chainId: null,
    test: true,
    signingAlgo: 'EDDSA_ED25519',
    explorer: 'https://testnet.allo.info',
    native: { symbol: 'ALGO', name: 'Test ALGO', decimals: 6 },
    registration: 'SELF_SERVE',
    tokenStandard: 'ASA',
  },
  {
    legacyId: 'NEAR',
    name: 'NEAR Protocol',
    protocol: 'NEAR',
    family: 'NEAR',
    chainId: null,
    test: false,
    signingAlgo: 'EDDSA_ED25519',
    explorer: 'https://nearblocks.io',
    native: { symbol: 'NEAR', name: 'NEAR', decimals: 24 },
    registration: 'SELF_SERVE',
    tokenStandard: 'NEP141',
    suffix: 'NEAR',
  },
  {
    legacyId: 'NEAR_TEST',
    name: 'NEAR Testnet',
    protocol: 'NEAR',
    family: 'NEAR',
    chainId: null,
    test: true,
    signingAlgo: 'EDDSA_ED25519',
    explorer: 'https://testnet.nearblocks.io',
    native: { symbol: 'NEAR', name: 'Test NEAR', decimals: 24 },
    registration: 'SELF_SERVE',
    tokenStandard: 'NEP141',
  },
  {
    legacyId: 'SUI',
    name: 'Sui',
    protocol: 'SUI',
    family: 'SUI',
    chainId: null,
    test: false,
    signingAlgo: 'EDDSA_ED25519',
    explorer: 'https://suiscan.xyz/mainnet',
    native: { symbol: 'SUI', name: 'Sui', decimals: 9 },
    registration: 'SELF_SERVE',
    tokenStandard: 'SUI_COIN',
    suffix: 'SUI',
  },
  {
    legacyId: 'SUI_TEST',
    name: 'Sui Testnet',
    protocol: 'SUI',
    family: 'SUI',
    chainId: null,
    test: true,
    signingAlgo: 'EDDSA_ED25519',
    explorer: 'https://suiscan.xyz/testnet',
    native: { symbol: 'SUI', name: 'Test SUI', decimals: 9 },
    registration: 'SELF_SERVE',
    tokenStandard: 'SUI_COIN',
  },
  {
    legacyId: 'TON',
    name: 'TON',
    protocol: 'TON',
    family: 'TON',
    chainId: null,
    test: false,
    signingAlgo: 'EDDSA_ED25519',
    explorer: 'https://tonviewer.com',
    native: { symbol: 'TON', name: 'Toncoin', decimals: 9 },
    registration: 'SELF_SERVE',
    tokenStandard: 'JETTON',
    suffix: 'TON',
  },
  {
    legacyId: 'TON_TEST',
    name: 'TON Testnet',
    protocol: 'TON',
    family: 'TON',
    chainId: null,
    test: true,
    signingAlgo: 'EDDSA_ED25519',
    explorer: 'https://testnet.tonviewer.com',
    native: { symbol: 'TON', name: 'Test Toncoin', decimals: 9 },
    registration: 'SELF_SERVE',
    tokenStandard: 'JETTON',
  },
];

// Explorer URL templates by explorer family.
function explorerTemplates(chain: ChainRow) {
  const b = chain.explorer;
  if (chain.protocol === 'SOL') {
    const [base, query] = b.split('?');
    const q = query ? `?${query}` : '';
    return { base, address: `${base}/address/{address}${q}`, tx: `${base}/tx/{tx}${q}`, token: `${base}/address/{token}${q}` };
  }
  if (chain.protocol === 'XLM') return { base: b, address: `${b}/account/{address}`, tx: `${b}/tx/{tx}`, token: `${b}/asset/{token}` };
  if (chain.protocol === 'TRON') return { base: b, address: `${b}/#/address/{address}`, tx: `${b}/#/transaction/{tx}`, token: `${b}/#/token20/{token}` };
  if (chain.protocol === 'ALGO') return { base: b, address: `${b}/account/{address}`, tx: `${b}/tx/{tx}`, token: `${b}/asset/{token}` };
  if (chain.protocol === 'TON') return { base: b, address: `${b}/{address}`, tx: `${b}/transaction/{tx}`, token: `${b}/{token}` };
  if (chain.protocol === 'SUI') return { base: b, address: `${b}/account/{address}`, tx: `${b}/tx/{tx}`, token: `${b}/coin/{token}` };
  return { base: b, address: `${b}/address/{address}`, tx: `${b}/tx/{tx}`, token: `${b}/token/{token}` };
}

const STABLECOINS = new Set([
  'USDT',
  'USDC',
  'DAI',
  'BUSD',
  'TUSD',
  'USDP',
  'FRAX',
  'LUSD',
  'GUSD',
  'PYUSD',
  'USDE',
  'EURC',
  'USDS',
  'FDUSD',
  'CRVUSD',
  'GHO',
  'USDD',
  'SUSD',
  'EURS',
  'USDC.E',
  'USDBC',
  'USD0',
  'RLUSD',
  'USDG',
  'EURT',
  'MIM',
  'DOLA',
  'XSGD',
  'USDM',
]);

// Real tokens on the non-EVM families the token list does not carry.
const EXTRA_TOKENS: { chain: string; address: string; symbol: string; name: string; decimals: number; heldOut?: boolean }[] = [
  { chain: 'TRX', address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', symbol: 'USDT', name: 'Tether USD', decimals: 6 },
  { chain: 'TRX', address: 'TEkxiTehnzSmSe2XqrBj4w32RUN966rdz8', symbol: 'USDC', name: 'USD Coin', decimals: 6 },
  { chain: 'TRX', address: 'TAFjULxiVgT4qWk6UZwjqwZXTSaGaqnVp4', symbol: 'BTT', name: 'BitTorrent', decimals: 18 },
  { chain: 'TRX', address: 'TCFLL5dx5ZJdKnWuesXxi1VPwjLVmWZZy9', symbol: 'JST', name: 'JUST', decimals: 18 },
  { chain: 'TRX', address: 'TSSMHYeV2uE9qYH95DqyoCuNCzEL1NvU3S', symbol: 'SUN', name: 'SUN', decimals: 18 },
  { chain: 'TRX', address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', symbol: 'WIN', name: 'WINkLink', decimals: 6, heldOut: true },
  { chain: 'XLM', address: 'GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN', symbol: 'USDC', name: 'USD Coin', decimals: 7 },
  { chain: 'XLM', address: 'GBNZILSTVQZ4R7IKQDGHYGY2QXL5QOFJYQMXPKWRRM5PAV7Y4M67AQUA', symbol: 'AQUA', name: 'Aquarius', decimals: 7, heldOut: true },
  { chain: 'XLM', address: 'GARDNV3Q7YGT4AKSDF25LT32YSCCW4EV22Y2TV3I2PU2MMXJTEDL5T55', symbol: 'yXLM', name: 'Ultra Capital yXLM', decimals: 7 },
  { chain: 'ALGO', address: '31566704', symbol: 'USDC', name: 'USD Coin', decimals: 6 },
  { chain: 'ALGO', address: '312769', symbol: 'USDT', name: 'Tether USD', decimals: 6 },
  { chain: 'ALGO', address: '386192725', symbol: 'goBTC', name: 'goBTC', decimals: 8, heldOut: true },
  { chain: 'ALGO', address: '386195940', symbol: 'goETH', name: 'goETH', decimals: 8 },
  { chain: 'NEAR', address: 'usdt.tether-token.near', symbol: 'USDT', name: 'Tether USD', decimals: 6 },
  { chain: 'NEAR', address: '17208628f84f5d6ad33f0da3bbbeb27ffcb398eac501a31bd6ad2011e36133a1', symbol: 'USDC', name: 'USD Coin', decimals: 6 },
  { chain: 'NEAR', address: 'wrap.near', symbol: 'wNEAR', name: 'Wrapped NEAR', decimals: 24, heldOut: true },
  { chain: 'SUI', address: '0xdba34672e30cb065b1f93e3ab55318768fd6fef66c15942c9f7cb846e2f900e7::usdc::USDC', symbol: 'USDC', name: 'USD Coin', decimals: 6 },
  {
    chain: 'SUI',
    address: '0x06864a6f921804860930db6ddbe2e16acdf8504495ea7481637a1c8b9a8fe54b::cetus::CETUS',
    symbol: 'CETUS',
    name: 'Cetus',
    decimals: 9,
    heldOut: true,
  },
  { chain: 'TON', address: 'EQCxE6mUtQJKFnGfaROTKOt1lZbDiiX1kCixRv7Nw2Id_sDs', symbol: 'USDT', name: 'Tether USD', decimals: 6 },
  { chain: 'TON', address: 'EQAvlWFDxGF2lXm67y4yzC17wYKD9A0guwPkMs1gOsM__NOT', symbol: 'NOT', name: 'Notcoin', decimals: 9, heldOut: true },
];

// Known on-chain contracts that are not fungible or lack metadata: registration explains why.
const SPECIAL_RESOLVABLE = [
  { chain: 'ETH', address: '0xBC4CA0EdA7647A8aB7C2061c2E118A18a936f13D', symbol: 'BAYC', name: 'BoredApeYachtClub', decimals: 0, standard: 'ERC721' },
  // Sai answers name() and symbol() with bytes32, so neither can be read as a string.
  { chain: 'ETH', address: '0x89d24A6b4CcB1B6fAA2625fE562bDD9a23260359', symbol: null, name: null, decimals: 18, standard: 'ERC20' },
];

const UNISWAP_CHAINS: Record<number, string> = {
  1: 'ETH',
  10: 'ETH-OPT',
  56: 'BNB_BSC',
  137: 'MATIC_POLYGON',
  8453: 'BASECHAIN_ETH',
  42161: 'ETH-AETH',
  43114: 'AVAX',
  42220: 'CELO',
  11155111: 'ETH_TEST5',
  501000101: 'SOL',
};
const HOLD_OUT_EVERY = 12; // one token in twelve is left out of the catalogue, for registration

const chainsByLegacy = new Map(CHAINS.map((c) => [c.legacyId, c]));
const usedLegacy = new Set<string>();
const seen = new Set<string>();
const sanitize = (s: string) =>
  s
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '_')
    .replace(/^_+|_+$/g, '') || 'TOKEN';
function legacyFor(symbol: string, chain: ChainRow, address: string) {
  const base = sanitize(symbol);
  const candidates = chain.legacyId === 'ETH' ? [base, `${base}_ERC20`] : [`${base}_${chain.suffix ?? chain.legacyId}`];
  candidates.push(`${candidates[0]}_${sanitize(address).slice(-4)}`);
  const id = candidates.find((c) => !usedLegacy.has(c));
  if (!id) throw new Error(`no legacy id for ${symbol} on ${chain.legacyId}`);
  usedLegacy.add(id);
  return id;
}

const blockchains = CHAINS.map((c) => {
  usedLegacy.add(c.legacyId);
  return {
    id: stableId('blockchain', c.legacyId),
    legacyId: c.legacyId,
    displayName: c.name,
    nativeAssetId: stableId('asset', c.legacyId),
    onchain: { protocol: c.protocol, chainId: c.chainId === null ? null : String(c.chainId), test: c.test, signingAlgo: c.signingAlgo },
    metadata: { scope: 'GLOBAL', deprecated: c.deprecated ?? false, media: [], explorer: explorerTemplates(c) },
    family: c.family,
    registration: c.registration,
    tokenStandard: c.tokenStandard ?? null,
  };
});

const assets: unknown[] = CHAINS.map((c) => ({
  id: stableId('asset', c.legacyId),
  legacyId: c.legacyId,
  blockchainId: stableId('blockchain', c.legacyId),
  displayName: c.native.name,
  displaySymbol: c.native.symbol,
  assetClass: 'NATIVE',
  onchain: { symbol: c.native.symbol, name: c.native.name, address: null, decimals: c.native.decimals, standards: [] },
  metadata: { scope: 'GLOBAL', verified: true, deprecated: c.deprecated ?? false, features: [] },
}));
const resolvable: unknown[] = [];

async function addToken(chain: ChainRow, address: string, symbol: string, name: string, decimals: number, heldOut: boolean) {
  const problem = await checkAddress(chain.family!, address);
  if (problem) throw new Error(`${chain.legacyId} ${symbol} ${address}: ${problem}`);
  const key = `${chain.legacyId}:${chain.family === 'EVM' ? address.toLowerCase() : address}`;
  if (seen.has(key)) return;
  seen.add(key);
  const standard = chain.tokenStandard!;
  if (heldOut) {
    resolvable.push({ blockchainId: stableId('blockchain', chain.legacyId), address, symbol, name, decimals, standard });
    return;
  }
  const legacyId = legacyFor(symbol, chain, address);
  assets.push({
    id: stableId('asset', legacyId),
    legacyId,
    blockchainId: stableId('blockchain', chain.legacyId),
    displayName: name,
    displaySymbol: symbol,
    assetClass: 'FT',
    onchain: { symbol, name, address, decimals, standards: [standard] },
    metadata: { scope: 'GLOBAL', verified: true, deprecated: false, features: STABLECOINS.has(symbol.toUpperCase()) ? ['STABLECOIN'] : [] },
  });
}

let n = 0;
for (const token of tokenList.tokens) {
  const legacy = UNISWAP_CHAINS[token.chainId];
  if (!legacy) continue;
  const chain = chainsByLegacy.get(legacy)!;
  const address = chain.family === 'EVM' ? evmChecksum(token.address) : token.address;
  await addToken(chain, address, token.symbol, token.name, token.decimals, ++n % HOLD_OUT_EVERY === 0);
}
for (const t of EXTRA_TOKENS) await addToken(chainsByLegacy.get(t.chain)!, t.address, t.symbol, t.name, t.decimals, t.heldOut ?? false);
for (const t of SPECIAL_RESOLVABLE) resolvable.push({ ...t, blockchainId: stableId('blockchain', t.chain), chain: undefined });

const out = new URL('../src/server/features/catalogue/data/catalogue.json', import.meta.url);
writeFileSync(out, `${JSON.stringify({ source: 'scripts/build-catalogue.ts', blockchains, assets, resolvable })}\n`);
console.log(`${blockchains.length} blockchains, ${assets.length} assets, ${resolvable.length} resolvable tokens`);
