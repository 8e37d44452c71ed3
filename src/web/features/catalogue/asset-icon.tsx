import { Avatar, type MantineSize } from '@mantine/core';
import type { Asset } from '../../../contract/catalogue';

// The console's Content-Security-Policy allows images only from its own origin and data: URLs; a
// logo hosted elsewhere would be blocked, so it is not even asked for.
const allowedByPolicy = (url: string) => url.startsWith('data:') || (url.startsWith('/') && !url.startsWith('//'));

// Shades dark enough for white letters at WCAG AA contrast, in either colour scheme.
const MONOGRAM_COLORS = ['indigo.8', 'violet.9', 'grape.9', 'blue.9', 'cyan.9', 'teal.9', 'pink.9', 'red.9'];

/** The same symbol always gets the same colour, so a monogram can be recognised down a list. */
function monogramColor(symbol: string): string {
  let hash = 0;
  for (const char of symbol) hash = (hash * 31 + char.codePointAt(0)!) >>> 0;
  return MONOGRAM_COLORS[hash % MONOGRAM_COLORS.length]!;
}

/** The asset's logo when the catalogue has one the console may show, else a monogram of its symbol. */
export function AssetIcon({ asset, size = 'md' }: { asset: Asset; size?: MantineSize }) {
  const logo = asset.metadata.media.find((media) => allowedByPolicy(media.url));
  const symbol = asset.displaySymbol || asset.onchain.symbol;
  return (
    // Decorative: the symbol is written out beside it.
    <Avatar src={logo?.url} size={size} color={monogramColor(symbol)} variant="filled" aria-hidden>
      {symbol
        .replace(/[^\p{L}\p{N}]/gu, '')
        .slice(0, 2)
        .toUpperCase() || '?'}
    </Avatar>
  );
}
