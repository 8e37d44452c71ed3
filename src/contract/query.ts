import { z } from 'zod';

/** Query-string helpers shared by list operations, so every list reads its parameters the same way. */

/** A parameter that may be repeated or comma-separated; the values are checked against `values` when given. */
export const repeated = (name: string, values?: readonly string[]) =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => (v === undefined ? undefined : (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(',')).filter(Boolean)))
    .pipe(
      z
        .array(values ? z.enum(values as [string, ...string[]], { error: `${name} values must be among ${values.join(', ')}` }) : z.string().max(200))
        .max(50, { error: `at most 50 ${name} values` })
        .optional(),
    );

/** A flag written `true` or `false`, read as a boolean. */
export const booleanParam = (name: string) => z.enum(['true', 'false'], { error: `${name} must be true or false` }).transform((v) => v === 'true');

export const epochMs = (name: string) =>
  z.coerce
    .number({ error: `${name} must be epoch milliseconds` })
    .int({ error: `${name} must be whole epoch milliseconds` })
    .nonnegative();

/** A page size between min and max, with its default. */
export const pageSize = (name: string, range: { min: number; max: number; default: number }) => {
  const error = `${name} must be between ${range.min} and ${range.max}`;
  return z.coerce
    .number({ error: `${name} must be a number` })
    .int({ error: `${name} must be a whole number` })
    .min(range.min, { error })
    .max(range.max, { error })
    .default(range.default);
};
