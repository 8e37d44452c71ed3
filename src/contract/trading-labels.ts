import type { EXECUTION_TYPES, SETTLEMENT_TYPES } from './trading';

// What a person reads for each execution and settlement type: the console's labels and the manifest
// checks' messages (manifest-checks.ts). A module of their own, without the contract's schemas, so
// that a page showing a label does not load the checks or the schemas with it.
export const EXECUTION_TYPE_LABELS: Record<(typeof EXECUTION_TYPES)[number], string> = { MARKET: 'Market', QUOTE: 'Quote', LIMIT: 'Limit' };
export const SETTLEMENT_TYPE_LABELS: Record<(typeof SETTLEMENT_TYPES)[number], string> = {
  DVP: 'Delivery versus payment',
  PREFUNDED: 'Prefunded',
  POST_ORDER: 'After the order',
};
