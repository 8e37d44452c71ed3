import type { Asset, Blockchain } from '../../contract/catalogue';

export interface ExplorerLink {
  label: string;
  href: string;
}

/** The explorer's host, which names it well enough: "etherscan.io". */
export function explorerName(chain: Blockchain): string {
  try {
    return new URL(chain.metadata.explorer.base).host;
  } catch {
    return chain.metadata.explorer.base;
  }
}

// The catalogue's templates hold one placeholder each: `{token}` in the token page, `{address}`
// in the address page, `{tx}` in the transaction page.
const fill = (template: string, placeholder: string, value: string) => template.replace(`{${placeholder}}`, encodeURIComponent(value));

/**
 * Where to look the asset up: its token page and its contract (or issuer, mint…) address page on
 * the chain's explorer, or the explorer itself for a native coin. Pages the catalogue has no
 * template for are left out, and so is a second link to the same page.
 */
export function explorerLinks(asset: Asset, chain: Blockchain): ExplorerLink[] {
  const { explorer } = chain.metadata;
  const name = explorerName(chain);
  const address = asset.onchain.address;
  if (!address) return [{ label: `${chain.displayName} on ${name}`, href: explorer.base }];
  // Stellar names an asset by its code and its issuer together (stellar.expert's /asset/USDC-G…);
  // elsewhere the contract, mint or master address is the token's name.
  const token = asset.onchain.standards.includes('STELLAR_ASSET') ? `${asset.onchain.symbol}-${address}` : address;
  const links: ExplorerLink[] = [];
  if (explorer.token) links.push({ label: `Token on ${name}`, href: fill(explorer.token, 'token', token) });
  if (explorer.address) links.push({ label: `Address on ${name}`, href: fill(explorer.address, 'address', address) });
  return links.filter((link, index) => links.findIndex((other) => other.href === link.href) === index);
}

/** A transaction's page on the chain's explorer, or null when the catalogue has no template for one. */
export function explorerTransactionLink(chain: Blockchain, txHash: string): ExplorerLink | null {
  const { tx } = chain.metadata.explorer;
  return tx ? { label: `Transaction on ${explorerName(chain)}`, href: fill(tx, 'tx', txHash) } : null;
}
