import { z } from 'zod';

/**
 * Decimal amounts travel as strings and are never turned into JS numbers (docs/architecture.md, "Amounts are decimal
 * strings end to end").
 * One spelling per value: digits without sign, exponent or leading zeros ("0.5", not "00.5" or
 * ".5"), so that the same amount is never stored or compared as two different strings.
 */

/** Digits a decimal amount may have: enough for 18-decimal tokens and very large quantities. */
export const AMOUNT_DIGITS = { integer: 30, fraction: 18 } as const;

type Digits = { integer: number; fraction: number };

const pattern = ({ integer, fraction }: Digits, positive: boolean) =>
  new RegExp(`^${positive ? '(?=.*[1-9])' : ''}(0|[1-9]\\d{0,${integer - 1}})(\\.\\d{1,${fraction}})?$`);

/** A decimal string of 0 or more. */
export const decimalString = (name: string, digits: Digits = AMOUNT_DIGITS, example = '12.5') =>
  z
    .string({ error: `${name} must be a decimal string` })
    .regex(pattern(digits, false), {
      error: `${name} must be a decimal number such as "${example}", without leading zeros, with at most ${digits.fraction} decimal places`,
    })
    .meta({ description: 'Decimal string.', example });

/** A decimal string greater than 0. */
export const positiveDecimal = (name: string, digits: Digits = AMOUNT_DIGITS) =>
  z
    .string({ error: `${name} must be a decimal string` })
    .regex(pattern(digits, true), {
      error: `${name} must be a decimal number greater than 0, such as "0.5", without leading zeros, with at most ${digits.fraction} decimal places`,
    })
    .meta({ description: 'Decimal string greater than 0.', example: '0.5' });
