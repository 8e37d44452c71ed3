CREATE TABLE "audit_word_tallies" (
	"workspace_id" uuid NOT NULL,
	"word" text NOT NULL,
	"width" bigint NOT NULL,
	"start" bigint NOT NULL,
	"n" bigint NOT NULL,
	CONSTRAINT "audit_word_tallies_workspace_id_word_width_start_pk" PRIMARY KEY("workspace_id","word","width","start")
);
--> statement-breakpoint
CREATE TABLE "audit_words" (
	"workspace_id" uuid NOT NULL,
	"word" text NOT NULL,
	"embedded" boolean NOT NULL,
	CONSTRAINT "audit_words_workspace_id_word_embedded_pk" PRIMARY KEY("workspace_id","word","embedded")
);
--> statement-breakpoint
CREATE INDEX "audit_words_search_idx" ON "audit_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- The words of a search text (see audit_words in schema.ts): the text is cut at every character
-- outside a-z and 0-9 (spelled out: a range's meaning may follow the collation); a piece of letters
-- only is a word, and the runs of letters inside a piece with digits are embedded runs.
CREATE FUNCTION audit_text_words(t text) RETURNS TABLE (word text, embedded boolean) LANGUAGE sql IMMUTABLE AS $$
  SELECT DISTINCT w.word, w.embedded
  FROM regexp_split_to_table(t, '[^abcdefghijklmnopqrstuvwxyz0123456789]+') AS p(piece)
  CROSS JOIN LATERAL (
    SELECT p.piece, false WHERE p.piece ~ '^[abcdefghijklmnopqrstuvwxyz]+$'
    UNION ALL
    SELECT r.run, true FROM regexp_split_to_table(p.piece, '[^abcdefghijklmnopqrstuvwxyz]+') AS r(run)
    WHERE p.piece ~ '[0123456789]' AND r.run <> ''
  ) AS w(word, embedded)
$$;--> statement-breakpoint
-- Each inserting statement lists its events' new words and embedded runs, and counts the events
-- with each word per hour and per day. Writers of one workspace hold its chain head's row lock, so
-- two statements never upsert the same workspace's rows at once.
CREATE FUNCTION audit_words_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH words AS (
    SELECT e.workspace_id, e.timestamp, w.word, w.embedded FROM new_events e CROSS JOIN LATERAL audit_text_words(e.search_text) AS w
  ),
  tallied AS (
    INSERT INTO audit_word_tallies (workspace_id, word, width, start, n)
    SELECT w.workspace_id, w.word, u.width, w.timestamp / u.width * u.width, count(*)
    FROM words w CROSS JOIN (VALUES (3600000::bigint), (86400000::bigint)) AS u(width)
    WHERE NOT w.embedded
    GROUP BY 1, 2, 3, 4
    ON CONFLICT (workspace_id, word, width, start) DO UPDATE SET n = audit_word_tallies.n + excluded.n
  )
  INSERT INTO audit_words (workspace_id, word, embedded)
  SELECT DISTINCT workspace_id, word, embedded FROM words
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER audit_events_words AFTER INSERT ON audit_events REFERENCING NEW TABLE AS new_events
  FOR EACH STATEMENT EXECUTE FUNCTION audit_words_add();--> statement-breakpoint
-- The events written before this migration, the same way.
WITH words AS (
  SELECT e.workspace_id, e.timestamp, w.word, w.embedded FROM audit_events e CROSS JOIN LATERAL audit_text_words(e.search_text) AS w
),
tallied AS (
  INSERT INTO audit_word_tallies (workspace_id, word, width, start, n)
  SELECT w.workspace_id, w.word, u.width, w.timestamp / u.width * u.width, count(*)
  FROM words w CROSS JOIN (VALUES (3600000::bigint), (86400000::bigint)) AS u(width)
  WHERE NOT w.embedded
  GROUP BY 1, 2, 3, 4
)
INSERT INTO audit_words (workspace_id, word, embedded)
SELECT DISTINCT workspace_id, word, embedded FROM words;
