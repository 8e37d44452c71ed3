import { describe, expect, it } from 'vitest';
import type { Asset, Blockchain } from '../../contract/catalogue';
import { explorerLinks, explorerTransactionLink } from './explorer-links';

const chain = (explorer: Blockchain['metadata']['explorer'], displayName = 'Chain') => ({ displayName, metadata: { explorer } }) as unknown as Blockchain;
const asset = (onchain: Partial<Asset['onchain']>) =>
  ({ onchain: { symbol: 'TKN', name: 'Token', decimals: 18, standards: [], ...onchain } }) as unknown as Asset;

const ETHERSCAN = {
  base: 'https://etherscan.io',
  address: 'https://etherscan.io/address/{address}',
  tx: 'https://etherscan.io/tx/{tx}',
  token: 'https://etherscan.io/token/{token}',
};
const STELLAR_EXPERT = {
  base: 'https://stellar.expert/explorer/public',
  address: 'https://stellar.expert/explorer/public/account/{address}',
  tx: 'https://stellar.expert/explorer/public/tx/{tx}',
  token: 'https://stellar.expert/explorer/public/asset/{token}',
};

describe('explorerLinks', () => {
  it('links a contract token to its token page and its address page', () => {
    const usdc = asset({ symbol: 'USDC', address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', standards: ['ERC20'] });
    expect(explorerLinks(usdc, chain(ETHERSCAN))).toEqual([
      { label: 'Token on etherscan.io', href: 'https://etherscan.io/token/0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' },
      { label: 'Address on etherscan.io', href: 'https://etherscan.io/address/0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' },
    ]);
  });

  it('names a Stellar asset by its code and issuer, and links the issuer’s account', () => {
    const issuer = 'GA5ZSEJYB37JRC5AVCIA5MOP4RHTM335X2KGX3IHOJAPP5RE34K4KZVN';
    const usdc = asset({ symbol: 'USDC', address: issuer, decimals: 7, standards: ['STELLAR_ASSET'] });
    expect(explorerLinks(usdc, chain(STELLAR_EXPERT)).map((link) => link.href)).toEqual([
      `https://stellar.expert/explorer/public/asset/USDC-${issuer}`,
      `https://stellar.expert/explorer/public/account/${issuer}`,
    ]);
  });

  it('sends a native coin to the explorer itself, and drops a second link to the same page', () => {
    expect(explorerLinks(asset({ symbol: 'ETH' }), chain(ETHERSCAN, 'Ethereum'))).toEqual([
      { label: 'Ethereum on etherscan.io', href: 'https://etherscan.io' },
    ]);
    const sameTemplate = {
      base: 'https://tonviewer.com',
      address: 'https://tonviewer.com/{address}',
      tx: 'https://tonviewer.com/transaction/{tx}',
      token: 'https://tonviewer.com/{token}',
    };
    const jetton = asset({ address: 'EQAvlWFDxGF2lXm67y4yzC17wYKD9A0guwPkMs1gOsM__NOT', standards: ['JETTON'] });
    expect(explorerLinks(jetton, chain(sameTemplate))).toHaveLength(1);
  });
});

describe('explorerTransactionLink', () => {
  it('fills the transaction template, or says there is none', () => {
    expect(explorerTransactionLink(chain(ETHERSCAN), '0xabc')).toEqual({ label: 'Transaction on etherscan.io', href: 'https://etherscan.io/tx/0xabc' });
    expect(explorerTransactionLink(chain({ base: 'https://example.test' } as Blockchain['metadata']['explorer']), '0xabc')).toBeNull();
  });
});
