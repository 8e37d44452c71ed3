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
-- What one event gives the profiles, their tallies, the volatile runs and the grams.
CREATE TYPE audit_profiled AS (id uuid, workspace_id uuid, kind_id bigint, ts bigint, search_text text, skeleton text, skeleton_key text);--> statement-breakpoint
-- 0010's trigger (profiles and their tallies) and 0011's (volatile runs) become one, which also
-- counts, per event, the grams of its volatile runs that its skeleton does not contain. Each event's
-- skeleton and its key are worked out once, for all four, where the two triggers worked out the
-- skeleton three times (a third of a millisecond each on PGlite, for a transfer's event).
-- The planner cannot know how few runs and grams an event has (each generate_series is guessed at
-- a thousand rows), so it plans the grams' statement for millions of rows: hence no JIT, which
-- compiled it for 440 ms on PostgreSQL where it runs in under one, and no hash aggregation, whose
-- tables sized for millions of groups cost PGlite 1 ms per append (sorting the few dozen rows there
-- are costs next to nothing).
CREATE OR REPLACE FUNCTION audit_profiles_add() RETURNS trigger LANGUAGE plpgsql SET jit = off SET enable_hashagg = off AS $$
DECLARE
  events audit_profiled[];
BEGIN
  SELECT array_agg(ROW(e.id, e.workspace_id, k.id, e.timestamp, e.search_text, s.skeleton, encode(sha256(convert_to(s.skeleton, 'UTF8')), 'hex'))::audit_profiled)
  INTO events
  FROM new_events e
  JOIN audit_event_kinds k USING (workspace_id, category, subject, event, user_name, user_id)
  CROSS JOIN LATERAL (SELECT audit_text_skeleton(e.search_text)) AS s(skeleton);
  INSERT INTO audit_profiles (workspace_id, kind_id, skeleton_key, skeleton)
  SELECT DISTINCT ON (1, 2, 3) e.workspace_id, e.kind_id, e.skeleton_key, e.skeleton
  FROM unnest(events) AS e
  -- Known profiles are left out before the insert: each row ON CONFLICT skips still draws an id.
  WHERE NOT EXISTS (SELECT 1 FROM audit_profiles p WHERE p.workspace_id = e.workspace_id AND p.kind_id = e.kind_id AND p.skeleton_key = e.skeleton_key)
  ON CONFLICT DO NOTHING;
  INSERT INTO audit_profile_tallies (workspace_id, profile_id, width, start, n)
  SELECT e.workspace_id, p.id, u.width, (e.ts - u.shift) / u.width * u.width + u.shift, count(*)
  FROM unnest(events) AS e
  JOIN audit_profiles p ON p.workspace_id = e.workspace_id AND p.kind_id = e.kind_id AND p.skeleton_key = e.skeleton_key
  CROSS JOIN (VALUES (3600000::bigint, 0::bigint), (86400000::bigint, 0::bigint), (604800000::bigint, 345600000::bigint)) AS u(width, shift)
  GROUP BY 1, 2, 3, 4
  ON CONFLICT (workspace_id, profile_id, width, start) DO UPDATE SET n = audit_profile_tallies.n + excluded.n;
  WITH runs AS MATERIALIZED (
    SELECT e.id, e.workspace_id, e.ts, e.skeleton, r.run
    FROM unnest(events) AS e
    CROSS JOIN LATERAL audit_text_volatile_runs(e.search_text) AS r(run)
  ), listed AS (
    INSERT INTO audit_volatile_runs (workspace_id, run) SELECT DISTINCT workspace_id, run FROM runs ON CONFLICT DO NOTHING
  )
  INSERT INTO audit_volatile_gram_tallies (workspace_id, gram, width, start, n)
  SELECT g.workspace_id, g.gram, u.width, (g.ts - u.shift) / u.width * u.width + u.shift, count(*)
  FROM (
    SELECT DISTINCT r.id, r.workspace_id, r.ts, x.gram
    FROM runs r CROSS JOIN LATERAL audit_run_grams(r.run) AS x(gram)
    WHERE strpos(r.skeleton, x.gram) = 0
  ) AS g
  CROSS JOIN (VALUES (3600000::bigint, 0::bigint), (86400000::bigint, 0::bigint), (604800000::bigint, 345600000::bigint)) AS u(width, shift)
  GROUP BY 1, 2, 3, 4
  ON CONFLICT (workspace_id, gram, width, start) DO UPDATE SET n = audit_volatile_gram_tallies.n + excluded.n;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER audit_events_volatile_runs ON audit_events;--> statement-breakpoint
DROP FUNCTION audit_volatile_runs_add();--> statement-breakpoint
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
