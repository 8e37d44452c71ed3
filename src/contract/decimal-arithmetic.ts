import Decimal from 'decimal.js';

/**
 * The one arithmetic on amounts, for the service and the console alike: decimal.js with room for
 * any amount the spelling of decimal.ts allows, so no sum or product ever goes through a binary float.
 * A module of its own: the contract's schemas (decimal.ts) leave decimal.js out of the console
 * screens that only check and show amounts.
 */
export const Dec = Decimal.clone({ precision: 80, rounding: Decimal.ROUND_HALF_UP, toExpNeg: -200, toExpPos: 200 });
export type Dec = InstanceType<typeof Dec>;

/** The plain decimal form of an amount ("1.5", never "1.500" or "1.5e+30"). */
export const plain = (value: Decimal.Value) => new Dec(value).toFixed();
