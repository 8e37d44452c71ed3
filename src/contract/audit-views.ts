import { z } from 'zod';
import { AuditLogData, AuditLogQuery } from './audit';

/**
 * The audit explorer's own extensions: an event with the events around it, each user's saved
 * views, and each user's columns. (Apart from audit.ts, which follows the public API.)
 */

/**
 * Relative ranges: kept as these names in the explorer's address and in saved views, and turned
 * into times when the query runs, so a shared link or a view always shows the latest events.
 */
export const RELATIVE_RANGES = {
  '15m': { label: 'Last 15 minutes', ms: 15 * 60_000 },
  '1h': { label: 'Last hour', ms: 60 * 60_000 },
  '24h': { label: 'Last 24 hours', ms: 24 * 60 * 60_000 },
  '7d': { label: 'Last 7 days', ms: 7 * 24 * 60 * 60_000 },
  '30d': { label: 'Last 30 days', ms: 30 * 24 * 60 * 60_000 },
} as const;
export type RelativeRange = keyof typeof RELATIVE_RANGES;
export const RELATIVE_RANGE_IDS = Object.keys(RELATIVE_RANGES) as RelativeRange[];

export const AuditEventIdParam = z.object({ id: z.uuid({ error: 'id must be an event id (a UUID)' }) });

export const AUDIT_CONTEXT_LIMIT = 50;
const around = (name: string) =>
  z.coerce
    .number({ error: `${name} must be a number` })
    .int({ error: `${name} must be a whole number` })
    .min(0, { error: `${name} must be between 0 and ${AUDIT_CONTEXT_LIMIT}` })
    .max(AUDIT_CONTEXT_LIMIT, { error: `${name} must be between 0 and ${AUDIT_CONTEXT_LIMIT}` })
    .default(5);

export const AuditContextQuery = z.object({
  before: around('before').meta({ description: 'How many events written just before it (default 5).' }),
  after: around('after').meta({ description: 'How many events written just after it (default 5).' }),
});

export const AuditEventContext = z.object({
  event: AuditLogData,
  before: z.array(AuditLogData).meta({ description: 'The events just before it in the workspace, oldest first.' }),
  after: z.array(AuditLogData).meta({ description: 'The events just after it in the workspace, oldest first.' }),
});
export type AuditEventContext = z.infer<typeof AuditEventContext>;

/** The explorer's columns, in the order a user may arrange them. */
export const AUDIT_COLUMNS = ['time', 'user', 'what', 'sourceAddress', 'requestId'] as const;
export type AuditColumnId = (typeof AUDIT_COLUMNS)[number];
export const AUDIT_COLUMN_WIDTH = { min: 80, max: 1200 } as const;

export const AuditColumn = z.object({
  id: z.enum(AUDIT_COLUMNS, { error: `column id must be one of ${AUDIT_COLUMNS.join(', ')}` }),
  width: z
    .number({ error: 'width must be a number of pixels' })
    .int({ error: 'width must be a whole number of pixels' })
    .min(AUDIT_COLUMN_WIDTH.min, { error: `width must be between ${AUDIT_COLUMN_WIDTH.min} and ${AUDIT_COLUMN_WIDTH.max}` })
    .max(AUDIT_COLUMN_WIDTH.max, { error: `width must be between ${AUDIT_COLUMN_WIDTH.min} and ${AUDIT_COLUMN_WIDTH.max}` })
    .optional()
    .meta({ description: 'Pixels; absent: the column shares what is left.' }),
});
export type AuditColumn = z.infer<typeof AuditColumn>;

/** What the explorer shows until a reader arranges it: the columns it always had. */
export const DEFAULT_AUDIT_COLUMNS: AuditColumn[] = [{ id: 'time', width: 250 }, { id: 'user' }, { id: 'what' }];

/** The columns shown, in order: at least one, each at most once. */
export const AuditColumns = z
  .array(AuditColumn)
  .min(1, { error: 'columns must name at least one column' })
  .max(AUDIT_COLUMNS.length, { error: `columns must name at most ${AUDIT_COLUMNS.length} columns` })
  .refine((columns) => new Set(columns.map((c) => c.id)).size === columns.length, { error: 'columns must name each column at most once' });

export const SAVED_VIEW_LIMITS = { name: 80, filters: 4000, perUser: 100 } as const;

/** The query parameters a view may keep: the log's own, without its cursors, and the relative range. */
const ViewFilters = AuditLogQuery.omit({ pageCursor: true, cursor: true })
  .extend({ range: z.enum(RELATIVE_RANGE_IDS, { error: `range must be one of ${RELATIVE_RANGE_IDS.join(', ')}` }).optional() })
  .strict();

/**
 * A view's filters as the explorer's query string (`range=24h&category=Security`). Checked as the
 * log would check them, so a view never holds a search the explorer cannot run.
 */
export const SavedViewFilters = z
  .string()
  .max(SAVED_VIEW_LIMITS.filters, { error: `filters must be at most ${SAVED_VIEW_LIMITS.filters} characters` })
  .superRefine((text, ctx) => {
    const params = new URLSearchParams(text);
    const fields: Record<string, string | string[]> = {};
    for (const key of new Set(params.keys())) {
      const values = params.getAll(key);
      fields[key] = values.length === 1 ? values[0]! : values;
    }
    const parsed = ViewFilters.safeParse(fields);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const where = issue.code === 'unrecognized_keys' ? issue.keys.join(', ') : issue.path.join('.');
      const message = issue.code === 'unrecognized_keys' ? 'is not a filter a view can keep' : issue.message;
      ctx.addIssue({ code: 'custom', message: `filters: ${where} ${message}` });
    }
  })
  .meta({ description: 'The explorer’s query string (the audit log’s parameters without cursors, plus `range` such as `24h`).' });

const ViewName = z
  .string({ error: 'name is required' })
  .trim()
  .min(1, { error: 'name must not be empty' })
  .max(SAVED_VIEW_LIMITS.name, { error: `name must be at most ${SAVED_VIEW_LIMITS.name} characters` });

export const SavedView = z.object({
  id: z.string(),
  name: z.string(),
  filters: z.string(),
  columns: z.array(AuditColumn).nullable().meta({ description: 'The columns it shows, or null to keep the user’s own.' }),
  createdAt: z.string().meta({ description: 'ISO 8601.' }),
  updatedAt: z.string().meta({ description: 'ISO 8601.' }),
});
export type SavedView = z.infer<typeof SavedView>;

export const SavedViews = z.object({ data: z.array(SavedView) });

export const CreateSavedViewRequest = z.strictObject({ name: ViewName, filters: SavedViewFilters, columns: AuditColumns.optional() });
export type CreateSavedViewRequest = z.infer<typeof CreateSavedViewRequest>;

export const RenameSavedViewRequest = z.strictObject({ name: ViewName });

export const SavedViewIdParam = z.object({ viewId: z.uuid({ error: 'viewId must be a view id (a UUID)' }) });

/** The explorer's layout for one user: which columns, in what order, how wide. */
export const AuditPreferences = z.strictObject({ columns: AuditColumns });
export type AuditPreferences = z.infer<typeof AuditPreferences>;

/**
 * How far the demo workspace's year of history has been written: after a first start the service
 * writes it in the background, and the explorer says so until it is complete. Zero of zero for a
 * workspace without one.
 */
export const DemoHistoryProgress = z.object({
  written: z.int().min(0).meta({ description: 'Events of the history written so far.' }),
  total: z.int().min(0).meta({ description: 'Events the history will have.' }),
});
export type DemoHistoryProgress = z.infer<typeof DemoHistoryProgress>;
