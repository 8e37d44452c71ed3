import { z } from 'zod';

/** The workspace's screening configuration (spec: two booleans). */
export const ScreeningConfiguration = z.object({
  disableBypass: z.boolean().meta({ description: 'When true, nobody can let a transaction skip AML screening.' }),
  disableUnfreeze: z.boolean().meta({ description: 'When true, funds frozen by screening cannot be unfrozen.' }),
});
export type ScreeningConfiguration = z.infer<typeof ScreeningConfiguration>;

/** Either or both booleans; an omitted one keeps its stored value (the public SDK marks both optional). */
export const UpdateScreeningConfigurationRequest = z
  .strictObject({
    disableBypass: z.boolean({ error: 'disableBypass must be true or false' }).optional(),
    disableUnfreeze: z.boolean({ error: 'disableUnfreeze must be true or false' }).optional(),
  })
  .refine((body) => body.disableBypass !== undefined || body.disableUnfreeze !== undefined, {
    error: 'disableBypass or disableUnfreeze is required',
  });
export type UpdateScreeningConfigurationRequest = z.infer<typeof UpdateScreeningConfigurationRequest>;

/** The stored configuration and who changed it last (extension, for the console). */
export const ScreeningConfigurationState = ScreeningConfiguration.extend({
  updatedAt: z.number().int().nullable().meta({ description: 'Epoch ms of the last change; null while the defaults apply.' }),
  updatedBy: z
    .object({ id: z.string(), name: z.string() })
    .nullable()
    .meta({ description: 'Who changed it last; null for the defaults or the workspace set-up.' }),
});
export type ScreeningConfigurationState = z.infer<typeof ScreeningConfigurationState>;
