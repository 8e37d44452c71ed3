import { sql } from 'drizzle-orm';
import { bigint, boolean, integer, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

export const workspaces = pgTable('workspaces', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  isDemo: boolean('is_demo').notNull().default(false),
  /** How many admin approvals an administrative change needs (the admin quorum). */
  adminQuorumThreshold: integer('admin_quorum_threshold').notNull().default(1),
  createdAt: createdAt(),
});

/** People who sign in to the console with an email and a password. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id),
    email: text('email').notNull(),
    displayName: text('display_name').notNull(),
    role: text('role').notNull(),
    passwordHash: text('password_hash').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
  },
  // Email is the sign-in name, so it is unique across workspaces (stored lower-case).
  (t) => [uniqueIndex('users_email_key').on(t.email), index('users_workspace_idx').on(t.workspaceId)],
);

/** Machine clients: the id is the API key; requests are signed with the CSR's key pair. */
export const apiUsers = pgTable(
  'api_users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id),
    name: text('name').notNull(),
    role: text('role').notNull(),
    status: text('status').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    publicKeyPem: text('public_key_pem').notNull(),
    coSignerSetupType: text('co_signer_setup_type'),
    /** The one pairing token that may still be redeemed (its jti), and when it expires. */
    pairingTokenId: text('pairing_token_id'),
    pairingExpiresAt: timestamp('pairing_expires_at', { withTimezone: true, mode: 'date' }),
    /** SHA-256 of the setup token handed to the co-signer that redeemed the pairing token. */
    setupTokenHash: text('setup_token_hash'),
    createdAt: createdAt(),
  },
  (t) => [index('api_users_workspace_idx').on(t.workspaceId)],
);

/** Refresh tokens are stored only as hashes; a family is one sign-in, rotated on every use. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash), index('refresh_tokens_family_idx').on(t.familyId)],
);

/** Each API-user JWT nonce is accepted once; rows outlive the token's 60 s lifetime, then are purged. */
export const apiNonces = pgTable(
  'api_nonces',
  {
    apiUserId: uuid('api_user_id').notNull(),
    nonce: text('nonce').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.apiUserId, t.nonce] }), index('api_nonces_expiry_idx').on(t.expiresAt)],
);

export const idempotencyRecords = pgTable(
  'idempotency_records',
  {
    workspaceId: uuid('workspace_id').notNull(),
    callerId: text('caller_id').notNull(),
    key: text('key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    state: text('state').notNull(), // IN_FLIGHT | DONE | FAILED
    statusCode: integer('status_code'),
    body: text('body'),
    contentType: text('content_type'),
    requestId: text('request_id').notNull(),
    createdAt: createdAt(),
    // The lease of an IN_FLIGHT record: its owner (one execution) holds the key until locked_until
    // and renews it while it runs; a retry after that takes the key over (the owner died). The
    // defaults give rows written before the lease existed, or by an older instance, one minute.
    lockedBy: uuid('locked_by').notNull().defaultRandom(),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' })
      .notNull()
      .default(sql`(now() + interval '1 minute')`),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.callerId, t.key] }), index('idempotency_created_idx').on(t.createdAt)],
);

/** Fixed one-minute windows per caller and category, shared by every instance. */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    caller: text('caller').notNull(),
    category: text('category').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true, mode: 'date' }).notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.caller, t.category, t.windowStart] })],
);

/** Failed sign-ins per account and per address, for slowing down guessing. */
export const signInFailures = pgTable('sign_in_failures', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true, mode: 'date' }).notNull(),
  blockedUntil: timestamp('blocked_until', { withTimezone: true, mode: 'date' }),
});

/**
 * The demo workspace's year of audit history, written after the service is ready, newest first
 * (src/server/demo/history-fill.ts): how many of its events are written, so that a restart resumes
 * it, and what generates it (the same events on every machine).
 */
export const demoHistoryFills = pgTable('demo_history_fills', {
  workspaceId: uuid('workspace_id').primaryKey(),
  total: integer('total').notNull(),
  written: integer('written').notNull(),
  endMs: bigint('end_ms', { mode: 'number' }).notNull(),
  seed: integer('seed').notNull(),
});

/** Secrets generated once per installation (the access-token signing key) and shared by instances. */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/**
 * The audit trail. Append-only (triggers in a migration refuse UPDATE, DELETE and TRUNCATE), and
 * each event carries the SHA-256 of the previous event of its workspace, so a changed or removed
 * row breaks the chain. `seq` orders the chain; (timestamp, id) orders pages.
 */
/**
 * How many audit events each workspace has per hour, per category ('' for all of them), kept by a
 * statement trigger on audit_events (migration 0007), so a histogram of a long range sums a few
 * thousand rows instead of counting a million events.
 */
export const auditEventCounts = pgTable(
  'audit_event_counts',
  {
    workspaceId: uuid('workspace_id').notNull(),
    category: text('category').notNull(),
    /** Epoch ms of the hour's start. */
    hour: bigint('hour', { mode: 'number' }).notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.category, t.hour] })],
);

/**
 * Every combination of category, subject, event and user that a workspace's events have had (a few
 * hundred), added by the same statement trigger (migration 0008). A histogram filtered on any of
 * these fields picks the matching kinds here, then sums their rows in audit_event_tallies.
 */
export const auditEventKinds = pgTable(
  'audit_event_kinds',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    workspaceId: uuid('workspace_id').notNull(),
    category: text('category').notNull(),
    subject: text('subject').notNull(),
    event: text('event').notNull(),
    userName: text('user_name').notNull(),
    userId: text('user_id').notNull(),
  },
  (t) => [uniqueIndex('audit_event_kinds_key').on(t.workspaceId, t.category, t.subject, t.event, t.userName, t.userId)],
);

/**
 * How many events of each kind a workspace has per hour, day and week (`width` in ms, `start` the
 * epoch ms of the hour, the day or the week from Monday, in UTC), kept by the statement trigger.
 * Weeks make a year of one kind 53 rows; days and hours serve the buckets and the range ends that
 * are not whole weeks or days.
 */
export const auditEventTallies = pgTable(
  'audit_event_tallies',
  {
    workspaceId: uuid('workspace_id').notNull(),
    kindId: bigint('kind_id', { mode: 'number' }).notNull(),
    width: bigint('width', { mode: 'number' }).notNull(),
    start: bigint('start', { mode: 'number' }).notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.kindId, t.width, t.start] })],
);

/**
 * Every word of a workspace's events, for the histogram searched with `q` (migration 0009). The
 * search text is cut at every character that is not a-z or 0-9; a piece of letters only is a word
 * (`embedded` false), and each run of letters inside a piece that has digits too (a transaction
 * id's "3f2a9c1e") is kept with `embedded` true. Any text of letters only that occurs in an event
 * lies inside one of these runs; when no embedded run and at most one word of the workspace
 * contains it, the events that contain it are exactly those with that word, counted ahead in
 * audit_word_tallies.
 */
export const auditWords = pgTable(
  'audit_words',
  {
    workspaceId: uuid('workspace_id').notNull(),
    word: text('word').notNull(),
    embedded: boolean('embedded').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.word, t.embedded] }),
    // Without a pending list (migration 0011): new words are rare once a workspace has run a while,
    // and PGlite has no autovacuum to merge a list that every search would otherwise read through.
    index('audit_words_search_idx').using('gin', t.word.op('gin_trgm_ops')).with({ fastupdate: false }),
  ],
);

/** How many events of a workspace have each word (not embedded runs), per hour and per day (`width` in ms), kept by the insert trigger. */
export const auditWordTallies = pgTable(
  'audit_word_tallies',
  {
    workspaceId: uuid('workspace_id').notNull(),
    word: text('word').notNull(),
    width: bigint('width', { mode: 'number' }).notNull(),
    start: bigint('start', { mode: 'number' }).notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.word, t.width, t.start] })],
);

/**
 * Every profile a workspace's events have had (migrations 0010 and 0011): a kind of event
 * (audit_event_kinds) with the skeleton of its search text. The skeleton replaces by "0" what
 * changes from one event to the next: each id shaped as a UUID that stands alone (no letter or
 * digit beside it), and each piece with digits (see audit_words) except a token of two or more
 * letters then at most four digits ("erc20", "sha256"). The runs of letters inside what was
 * replaced are listed in audit_volatile_runs. Text none of whose pieces is digits only, none of
 * whose runs of letters lies in a volatile run, and that is not "-" alone, occurs in an event
 * exactly when it occurs in its skeleton (the argument is in store.ts, searchedBy); so the profiles
 * whose skeleton contains `q` and whose kind the other filters pick name every event that matches
 * them, and nothing else. `skeleton_key` is the skeleton's SHA-256: a B-tree entry cannot hold
 * every detail.
 */
export const auditProfiles = pgTable(
  'audit_profiles',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    workspaceId: uuid('workspace_id').notNull(),
    kindId: bigint('kind_id', { mode: 'number' }).notNull(),
    skeletonKey: text('skeleton_key').notNull(),
    skeleton: text('skeleton').notNull(),
  },
  // No index on the skeletons: a search reads every profile of the workspace (a few hundred to a
  // thousand) to learn which kinds match whole.
  (t) => [uniqueIndex('audit_profiles_key').on(t.workspaceId, t.kindId, t.skeletonKey)],
);

/**
 * The runs of letters inside what the skeletons replaced (migration 0011): inside the ids shaped as
 * UUIDs and the pieces with digits that are not kept. Text with a run of letters in none of these
 * can only occur in an event where its skeleton kept it.
 */
export const auditVolatileRuns = pgTable(
  'audit_volatile_runs',
  {
    workspaceId: uuid('workspace_id').notNull(),
    run: text('run').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.run] }),
    // Without a pending list, as audit_words_search_idx.
    index('audit_volatile_runs_search_idx').using('gin', t.run.op('gin_trgm_ops')).with({ fastupdate: false }),
  ],
);

/**
 * How many events of a workspace have each profile, per hour, day and week (`width` in ms), kept by
 * the insert trigger. A histogram reads one range of the key per matching profile (whole kinds are
 * read from audit_event_tallies instead); migration 0011 adds `INCLUDE (n)` to it (not expressible
 * here), so those ranges are read from the index alone once the table is vacuumed.
 */
export const auditProfileTallies = pgTable(
  'audit_profile_tallies',
  {
    workspaceId: uuid('workspace_id').notNull(),
    profileId: bigint('profile_id', { mode: 'number' }).notNull(),
    width: bigint('width', { mode: 'number' }).notNull(),
    start: bigint('start', { mode: 'number' }).notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.profileId, t.width, t.start] })],
);

/**
 * How many events of a workspace and category have each gram (a piece of one to three letters,
 * GRAM_MAX in audit/store.ts) inside their volatile runs (audit_volatile_runs) and not in their
 * skeleton, per hour, day and week, kept by the insert trigger (migrations 0012, and 0013 for the
 * category, so that a search filtered by category is summed too). Text of one to three letters
 * occurs in an event either in its skeleton (the profiles count those) or, if not there, only in a
 * volatile run (these count those): the two add up to the events that have it, with none counted
 * twice. So "fa", which about one transaction id in ten holds, is summed, not counted event by event.
 * `INCLUDE (n)` by hand, as for audit_profile_tallies.
 */
export const auditVolatileGramTallies = pgTable(
  'audit_volatile_gram_tallies',
  {
    workspaceId: uuid('workspace_id').notNull(),
    gram: text('gram').notNull(),
    width: bigint('width', { mode: 'number' }).notNull(),
    start: bigint('start', { mode: 'number' }).notNull(),
    // Last in the key: a search without a category reads every category's rows of a span together.
    category: text('category').notNull(),
    n: bigint('n', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.gram, t.width, t.start, t.category] })],
);

/**
 * An audit event's columns as its writer gives them, shared by audit_events and the events waiting
 * to be sequenced (the audit area's audit_events_pending).
 */
export const writtenAuditEventColumns = () => ({
  workspaceId: uuid('workspace_id').notNull(),
  timestamp: bigint('timestamp', { mode: 'number' }).notNull(),
  userName: text('user_name').notNull(),
  userId: text('user_id').notNull(),
  category: text('category').notNull(),
  subject: text('subject').notNull(),
  event: text('event').notNull(),
  requestId: text('request_id'),
  sourceAddress: text('source_address'),
  detail: jsonb('detail').notNull(),
});

/** What free-text search reads of an event: subject, event, user and the detail's JSON, lower-cased (of the one event table a query reads). */
export const AUDIT_SEARCH_TEXT = sql`lower(subject || ' ' || event || ' ' || user_name || ' ' || detail::text)`;

export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    ...writtenAuditEventColumns(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
    /** The event as the API's JSON, written by a trigger at insert so pages and exports join ready-made text. */
    doc: text('doc'),
    /** AUDIT_SEARCH_TEXT kept by the database, under a trigram index so a match anywhere in a word is an index lookup. */
    searchText: text('search_text').notNull().generatedAlwaysAs(AUDIT_SEARCH_TEXT),
  },
  (t) => [
    uniqueIndex('audit_events_chain_key').on(t.workspaceId, t.seq),
    index('audit_events_search_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    index('audit_events_time_idx').on(t.workspaceId, t.timestamp, t.id),
    index('audit_events_category_time_idx').on(t.workspaceId, t.category, t.timestamp, t.id),
    index('audit_events_subject_time_idx').on(t.workspaceId, t.subject, t.timestamp, t.id),
    index('audit_events_user_time_idx').on(t.workspaceId, t.userId, t.timestamp, t.id),
  ],
);

/**
 * How far each workspace's audit tallies (the counts, kinds, words, profiles and grams below) are
 * kept: they count the events of seq up to `seq`. The sequencer's tally step (features/audit/
 * tallies.ts) extends them in batches after it has chained the events, so neither a write nor the
 * chaining waits for them; a histogram counts the events above the mark one by one.
 */
export const auditTallyMarks = pgTable('audit_tally_marks', {
  workspaceId: uuid('workspace_id').primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
});

/**
 * A batch of events on its way into the tallies: the tally step inserts it here and deletes it in
 * the same transaction. The tallies' triggers (core migrations 0007 to 0013) fire on its insert, as
 * they fired on audit_events' before the sequencer existed. Its columns are those the triggers read.
 */
// The written columns but the three the triggers do not read.
const { requestId: _request, sourceAddress: _source, detail: _detail, ...talliedColumns } = writtenAuditEventColumns();
export const auditTallyFeed = pgTable('audit_tally_feed', {
  id: uuid('id').notNull(),
  ...talliedColumns,
  searchText: text('search_text').notNull(),
});

/** The head of each workspace's chain; its row lock serialises writers of one workspace. */
export const auditChainHeads = pgTable('audit_chain_heads', {
  workspaceId: uuid('workspace_id').primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  hash: text('hash').notNull(),
});

/** Administrative changes that wait for the admin quorum (threshold changes, new API users). */
export const approvalRequests = pgTable(
  'approval_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    workspaceId: uuid('workspace_id').notNull(),
    kind: text('kind').notNull(),
    status: text('status').notNull(),
    summary: text('summary').notNull(),
    change: jsonb('change').notNull(),
    /** What executing needs but is not shown (the API user's public key). */
    payload: jsonb('payload').notNull(),
    requestedById: text('requested_by_id').notNull(),
    requestedByName: text('requested_by_name').notNull(),
    requiredApprovals: integer('required_approvals').notNull(),
    result: jsonb('result'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('approval_requests_list_idx').on(t.workspaceId, t.status, t.createdAt, t.id)],
);

export const approvalDecisions = pgTable(
  'approval_decisions',
  {
    requestId: uuid('request_id')
      .notNull()
      .references(() => approvalRequests.id),
    userId: text('user_id').notNull(),
    userName: text('user_name').notNull(),
    decision: text('decision').notNull(),
    decidedAt: createdAt(),
  },
  // Each admin decides a request once.
  (t) => [primaryKey({ columns: [t.requestId, t.userId] })],
);
