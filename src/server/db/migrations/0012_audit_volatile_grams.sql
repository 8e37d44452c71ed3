CREATE TABLE "audit_volatile_gram_tallies" (
	"workspace_id" uuid NOT NULL,
	"gram" text NOT NULL,
	"width" bigint NOT NULL,
	"start" bigint NOT NULL,
	"n" bigint NOT NULL,
	-- INCLUDE (n): a histogram's sum is read from the index alone (written by hand; see schema.ts).
	CONSTRAINT "audit_volatile_gram_tallies_workspace_id_gram_width_start_pk" PRIMARY KEY("workspace_id","gram","width","start") INCLUDE ("n")
);
--> statement-breakpoint
-- The grams of a run of letters: its pieces of one to three letters (GRAM_MAX in audit/store.ts).
CREATE FUNCTION audit_run_grams(run text) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  SELECT substr(run, i.at, l.len)
  FROM generate_series(1, least(3, length(run))) AS l(len)
  CROSS JOIN LATERAL generate_series(1, length(run) - l.len + 1) AS i(at)
$$;--> statement-breakpoint
-- 0011's trigger lists the volatile runs of each inserting statement's events; it now also counts,
-- per event, the grams of those runs that the event's skeleton does not contain. Each event's runs
-- and skeleton are worked out once, for both. The planner cannot know how few runs and grams an
-- event has (each generate_series is guessed at a thousand rows), so it plans for millions of rows:
-- without JIT, which compiled the statement for 440 ms on PostgreSQL where it runs in under one, and
-- without hash aggregation, whose tables sized for millions of groups cost PGlite 1 ms per append
-- (sorting the few dozen rows there are costs next to nothing).
CREATE OR REPLACE FUNCTION audit_volatile_runs_add() RETURNS trigger LANGUAGE plpgsql SET jit = off SET enable_hashagg = off AS $$
BEGIN
  WITH runs AS MATERIALIZED (
    SELECT e.id, e.workspace_id, e.timestamp, s.skeleton, r.run
    FROM new_events e
    CROSS JOIN LATERAL (SELECT audit_text_skeleton(e.search_text)) AS s(skeleton)
    CROSS JOIN LATERAL audit_text_volatile_runs(e.search_text) AS r(run)
  ), listed AS (
    INSERT INTO audit_volatile_runs (workspace_id, run) SELECT DISTINCT workspace_id, run FROM runs ON CONFLICT DO NOTHING
  )
  INSERT INTO audit_volatile_gram_tallies (workspace_id, gram, width, start, n)
  SELECT g.workspace_id, g.gram, u.width, (g.timestamp - u.shift) / u.width * u.width + u.shift, count(*)
  FROM (
    SELECT DISTINCT r.id, r.workspace_id, r.timestamp, x.gram
    FROM runs r CROSS JOIN LATERAL audit_run_grams(r.run) AS x(gram)
    WHERE strpos(r.skeleton, x.gram) = 0
  ) AS g
  CROSS JOIN (VALUES (3600000::bigint, 0::bigint), (86400000::bigint, 0::bigint), (604800000::bigint, 345600000::bigint)) AS u(width, shift)
  GROUP BY 1, 2, 3, 4
  ON CONFLICT (workspace_id, gram, width, start) DO UPDATE SET n = audit_volatile_gram_tallies.n + excluded.n;
  RETURN NULL;
END $$;--> statement-breakpoint
-- The grams of the events already written, as the trigger counts them.
INSERT INTO audit_volatile_gram_tallies (workspace_id, gram, width, start, n)
SELECT g.workspace_id, g.gram, u.width, (g.timestamp - u.shift) / u.width * u.width + u.shift, count(*)
FROM (
  SELECT DISTINCT e.id, e.workspace_id, e.timestamp, x.gram
  FROM audit_events e
  CROSS JOIN LATERAL (SELECT audit_text_skeleton(e.search_text)) AS s(skeleton)
  CROSS JOIN LATERAL audit_text_volatile_runs(e.search_text) AS r(run)
  CROSS JOIN LATERAL audit_run_grams(r.run) AS x(gram)
  WHERE strpos(s.skeleton, x.gram) = 0
) AS g
CROSS JOIN (VALUES (3600000::bigint, 0::bigint), (86400000::bigint, 0::bigint), (604800000::bigint, 345600000::bigint)) AS u(width, shift)
GROUP BY 1, 2, 3, 4;
