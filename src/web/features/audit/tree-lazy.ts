import { lazy } from 'react';

// The verifiable log's views, each fetched with its verifier (WebCrypto, SHA-256, the Merkle code,
// the tree's schemas) when first shown, so the audit log's first screen carries none of them. Both
// imports in one module: a chunk lists the files its dynamic imports need, and so the audit log
// carries one such list rather than one in the drawer's chunk and another in the page's.
export const EventProof = lazy(() => import('./event-proof'));
export const TreeHeadsDrawer = lazy(() => import('./tree-heads-drawer'));
