import { z } from 'zod';
import { LIVE_KINDS, type LiveNoticeBody } from './live-events';

/** A change notice of the live stream (see live-events.ts). */
export const LiveNotice = z.object({
  kind: z.enum(LIVE_KINDS),
  id: z.string().meta({ description: "The id of the object that changed (for screening, the workspace's: it has one screening configuration)." }),
  status: z.string().optional().meta({ description: 'Its new status, where it has one.' }),
  at: z.string().meta({ description: 'When the change was written (ISO 8601).' }),
}) satisfies z.ZodType<LiveNoticeBody>;
