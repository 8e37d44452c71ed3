import { z } from 'zod';

/**
 * The closed list of audit categories and their subjects. Every event the service writes uses one
 * of these pairs (the writer's types enforce it), so filters and suggestions can rely on them.
 */
export const AUDIT_SUBJECTS = {
  Administration: ['Quorum', 'API user', 'Approval request', 'Passkey policy'],
  Security: ['Sign-in', 'Session', 'API authentication', 'Authorization', 'Passkey'],
  Catalogue: ['Asset', 'Price', 'Note'],
  Trading: ['Order', 'Quote'],
  Compliance: ['Travel rule', 'Screening'],
  Earn: ['Terms of service'],
  Transactions: ['Transaction'],
  Webhooks: ['Webhook', 'Notification'],
  Audit: ['Saved view'],
} as const;

export type AuditCategory = keyof typeof AUDIT_SUBJECTS;
export type AuditSubject<C extends AuditCategory = AuditCategory> = (typeof AUDIT_SUBJECTS)[C][number];
export const AUDIT_CATEGORIES = Object.keys(AUDIT_SUBJECTS) as AuditCategory[];

export const AUDIT_PAGE_SIZE = { min: 1, max: 500, default: 200 } as const;

const epochMs = (name: string) =>
  z.coerce
    .number({ error: `${name} must be epoch milliseconds` })
    .int({ error: `${name} must be a whole number of epoch milliseconds` })
    .nonnegative({ error: `${name} must not be negative` });

/** A repeated query parameter: one value arrives as a string, several as an array. */
const repeated = (name: string) =>
  z
    .union([z.string(), z.array(z.string())])
    .optional()
    .transform((v) => (v === undefined ? undefined : Array.isArray(v) ? v : [v]))
    .pipe(
      z
        .array(
          z
            .string()
            .min(1, { error: `${name} values must not be empty` })
            .max(200, { error: `${name} values must be at most 200 characters` }),
        )
        .max(50, { error: `at most 50 ${name} values` })
        .optional(),
    )
    .meta({ description: `Repeat for several values (OR within ${name}; AND with the other fields).` });

export const AUDIT_SEARCH_MAX_LENGTH = 200;

/** Free text (extension): matched anywhere in subject, event, user or the detail, in any case. */
const AuditSearchText = z
  .string()
  .min(1, { error: 'q must not be empty' })
  .max(AUDIT_SEARCH_MAX_LENGTH, { error: `q must be at most ${AUDIT_SEARCH_MAX_LENGTH} characters` })
  .meta({ description: 'Extension: free text found anywhere in the subject, event, user or detail, in any case (`%` and `_` are plain characters).' });

export const AuditLogQuery = z.object({
  startTime: epochMs('startTime').optional().meta({ description: 'Epoch ms; at most one year back; takes precedence over timePeriod.' }),
  endTime: epochMs('endTime').optional().meta({ description: 'Epoch ms; after startTime; defaults to now.' }),
  timePeriod: z
    .enum(['DAY', 'WEEK'], { error: 'timePeriod must be DAY or WEEK' })
    .optional()
    .meta({ description: 'Deprecated: use startTime and endTime.', deprecated: true }),
  category: repeated('category'),
  subject: repeated('subject'),
  event: repeated('event'),
  user: repeated('user'),
  userId: repeated('userId'),
  q: AuditSearchText.optional(),
  order: z.enum(['ASC', 'DESC'], { error: 'order must be ASC or DESC' }).default('DESC'),
  pageSize: z.coerce
    .number({ error: 'pageSize must be a number' })
    .int({ error: 'pageSize must be a whole number' })
    .min(AUDIT_PAGE_SIZE.min, { error: 'pageSize must be between 1 and 500' })
    .max(AUDIT_PAGE_SIZE.max, { error: 'pageSize must be between 1 and 500' })
    .default(AUDIT_PAGE_SIZE.default),
  pageCursor: z.string().max(1024, { error: 'pageCursor is too long' }).optional(),
  cursor: z.string().max(1024, { error: 'cursor is too long' }).optional().meta({ description: 'Deprecated: use pageCursor.', deprecated: true }),
});
export type AuditLogQuery = z.infer<typeof AuditLogQuery>;

export const AuditLogData = z.object({
  id: z.string(),
  timestamp: z.number().int().meta({ description: 'Epoch milliseconds.' }),
  createdAt: z.number().int().meta({ description: 'Epoch milliseconds.' }),
  user: z.string().meta({ description: 'Display name of who acted.' }),
  userId: z.string(),
  category: z.string(),
  subject: z.string(),
  event: z.string(),
  tenantId: z.string(),
  requestId: z.string().nullable(),
  sourceAddress: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()).meta({ description: 'What changed: before and after values, and other context. Never secrets.' }),
  hash: z.string().nullable().meta({
    description:
      'SHA-256 of this event chained to the previous event of the workspace; null while the event waits to be sequenced (its place in the chain and the Merkle tree is given within seconds of the write).',
  }),
});
export type AuditLogData = z.infer<typeof AuditLogData>;

export const AuditLogsResponse = z.object({
  data: z.array(AuditLogData),
  next: z.string().nullable().meta({ description: 'Cursor of the next page, or null on the last page.' }),
  cursor: z.string().nullable().meta({ description: 'Deprecated mirror of next.', deprecated: true }),
  total: z.number().int().meta({
    description:
      'The number of events in this page, which older clients read. Not a count of the whole filtered range: that would scan up to a year of events for every page.',
  }),
});
export type AuditLogsResponse = z.infer<typeof AuditLogsResponse>;

export const AuditRangeQuery = z.object({
  startTime: epochMs('startTime').optional(),
  endTime: epochMs('endTime').optional(),
});

export const AuditDimensions = z.object({
  category: z.array(z.string()),
  subject: z.array(z.string()),
  event: z.array(z.string()),
  user: z.array(z.string()),
  userId: z.array(z.string()),
});
export type AuditDimensions = z.infer<typeof AuditDimensions>;

export const AuditChainVerification = z.object({
  verified: z.boolean(),
  checked: z.number().int().meta({ description: 'How many events were checked.' }),
  pending: z.number().int().meta({
    description: 'Events of the range waiting to be sequenced: not in the chain yet, so not checked; the sequencer chains them within seconds of their write.',
  }),
  startTime: z.number().int(),
  endTime: z.number().int(),
  firstBrokenEventId: z.string().nullable(),
  reason: z.string().nullable(),
});
export type AuditChainVerification = z.infer<typeof AuditChainVerification>;

/** How many bars a histogram may ask for, and the default. */
export const AUDIT_HISTOGRAM_BUCKETS = { min: 10, max: 500, default: 60 } as const;

export const AuditHistogramQuery = AuditLogQuery.pick({
  startTime: true,
  endTime: true,
  timePeriod: true,
  category: true,
  subject: true,
  event: true,
  user: true,
  userId: true,
  q: true,
}).extend({
  buckets: z.coerce
    .number({ error: 'buckets must be a number' })
    .int({ error: 'buckets must be a whole number' })
    .min(AUDIT_HISTOGRAM_BUCKETS.min, { error: 'buckets must be between 10 and 500' })
    .max(AUDIT_HISTOGRAM_BUCKETS.max, { error: 'buckets must be between 10 and 500' })
    .default(AUDIT_HISTOGRAM_BUCKETS.default)
    .meta({
      description:
        'At most this many buckets: the width is the shortest of 1, 5, 15, 30 minutes, 1, 3, 6, 12 hours, 1 day or a whole number of weeks that fits.',
    }),
});
export type AuditHistogramQuery = z.infer<typeof AuditHistogramQuery>;

export const AuditHistogram = z.object({
  startTime: z.number().int().meta({ description: 'The range counted (epoch ms), as resolved from the query.' }),
  endTime: z.number().int(),
  bucketMs: z.number().int().meta({ description: 'The width of every bucket in milliseconds.' }),
  total: z.number().int().meta({ description: 'Events in the range that match the filters: the sum of the counts.' }),
  buckets: z
    .array(
      z.object({ start: z.number().int().meta({ description: 'Epoch ms; a multiple of the width in UTC (weeks start on Monday).' }), count: z.number().int() }),
    )
    .meta({
      description:
        'Every bucket that overlaps the range, oldest first, empty ones included. The first and last may stick out of the range; only events inside it count.',
    }),
});
export type AuditHistogram = z.infer<typeof AuditHistogram>;
