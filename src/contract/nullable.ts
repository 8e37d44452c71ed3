import type { z } from 'zod';

/**
 * Where an SDK's request model declares a field `| null` (for example TRLinkCreateTrmRequest's
 * destTag, txId or beneficiaryVaspId), an explicit null reads as the field left out.
 */
export const nullAsAbsent = <T extends z.ZodType>(schema: T) =>
  schema
    .nullish()
    .transform((value) => value ?? undefined)
    .optional();
