-- The grams' tallies (0012) are kept per category too, so that a search of one to three letters
-- filtered by category is summed, as one without filters is: the events of a category with a gram
-- are those its rows count. A search without a category adds every category's rows of a span,
-- which the key keeps together (category last). The tallies are counted afresh from the events.
TRUNCATE "audit_volatile_gram_tallies";--> statement-breakpoint
ALTER TABLE "audit_volatile_gram_tallies" DROP CONSTRAINT "audit_volatile_gram_tallies_workspace_id_gram_width_start_pk";--> statement-breakpoint
ALTER TABLE "audit_volatile_gram_tallies" ADD COLUMN "category" text NOT NULL;--> statement-breakpoint
-- INCLUDE (n): a histogram's sum is read from the index alone (written by hand; see schema.ts).
ALTER TABLE "audit_volatile_gram_tallies" ADD CONSTRAINT "audit_volatile_gram_tallies_workspace_id_gram_width_start_category_pk" PRIMARY KEY("workspace_id","gram","width","start","category") INCLUDE ("n");--> statement-breakpoint
ALTER TYPE audit_profiled ADD ATTRIBUTE category text;--> statement-breakpoint
-- 0012's trigger, whose grams' statement now groups by category as well.
CREATE OR REPLACE FUNCTION audit_profiles_add() RETURNS trigger LANGUAGE plpgsql SET jit = off SET enable_hashagg = off AS $$
DECLARE
  events audit_profiled[];
BEGIN
  SELECT array_agg(ROW(e.id, e.workspace_id, k.id, e.timestamp, e.search_text, s.skeleton, encode(sha256(convert_to(s.skeleton, 'UTF8')), 'hex'), e.category)::audit_profiled)
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
    SELECT e.id, e.workspace_id, e.category, e.ts, e.skeleton, r.run
    FROM unnest(events) AS e
    CROSS JOIN LATERAL audit_text_volatile_runs(e.search_text) AS r(run)
  ), listed AS (
    INSERT INTO audit_volatile_runs (workspace_id, run) SELECT DISTINCT workspace_id, run FROM runs ON CONFLICT DO NOTHING
  )
  INSERT INTO audit_volatile_gram_tallies (workspace_id, gram, width, start, category, n)
  SELECT g.workspace_id, g.gram, u.width, (g.ts - u.shift) / u.width * u.width + u.shift, g.category, count(*)
  FROM (
    SELECT DISTINCT r.id, r.workspace_id, r.category, r.ts, x.gram
    FROM runs r CROSS JOIN LATERAL audit_run_grams(r.run) AS x(gram)
    WHERE strpos(r.skeleton, x.gram) = 0
  ) AS g
  CROSS JOIN (VALUES (3600000::bigint, 0::bigint), (86400000::bigint, 0::bigint), (604800000::bigint, 345600000::bigint)) AS u(width, shift)
  GROUP BY 1, 2, 3, 4, 5
  ON CONFLICT (workspace_id, gram, width, start, category) DO UPDATE SET n = audit_volatile_gram_tallies.n + excluded.n;
  RETURN NULL;
END $$;--> statement-breakpoint
-- The grams of the events already written, as the trigger counts them.
INSERT INTO audit_volatile_gram_tallies (workspace_id, gram, width, start, category, n)
SELECT g.workspace_id, g.gram, u.width, (g.timestamp - u.shift) / u.width * u.width + u.shift, g.category, count(*)
FROM (
  SELECT DISTINCT e.id, e.workspace_id, e.category, e.timestamp, x.gram
  FROM audit_events e
  CROSS JOIN LATERAL (SELECT audit_text_skeleton(e.search_text)) AS s(skeleton)
  CROSS JOIN LATERAL audit_text_volatile_runs(e.search_text) AS r(run)
  CROSS JOIN LATERAL audit_run_grams(r.run) AS x(gram)
  WHERE strpos(s.skeleton, x.gram) = 0
) AS g
CROSS JOIN (VALUES (3600000::bigint, 0::bigint), (86400000::bigint, 0::bigint), (604800000::bigint, 345600000::bigint)) AS u(width, shift)
GROUP BY 1, 2, 3, 4, 5;
