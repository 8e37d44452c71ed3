CREATE TABLE "audit_volatile_runs" (
	"workspace_id" uuid NOT NULL,
	"run" text NOT NULL,
	CONSTRAINT "audit_volatile_runs_workspace_id_run_pk" PRIMARY KEY("workspace_id","run")
);
--> statement-breakpoint
-- A search now reads every profile of the workspace once (store.ts): the skeletons' index is not used.
DROP INDEX "audit_profiles_search_idx";--> statement-breakpoint
-- Built again without a pending list (see schema.ts): 0009's, never merged on PGlite, made each
-- lookup read through every word the workspace ever added (3 ms against 0.02 ms at 1,000,000 events).
DROP INDEX "audit_words_search_idx";--> statement-breakpoint
CREATE INDEX "audit_words_search_idx" ON "audit_words" USING gin ("word" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
-- The profiles are made again below, with the new skeletons: emptied first, so the new key is built on nothing.
TRUNCATE audit_profile_tallies, audit_profiles RESTART IDENTITY;--> statement-breakpoint
ALTER TABLE "audit_profile_tallies" DROP CONSTRAINT "audit_profile_tallies_workspace_id_width_start_profile_id_pk";--> statement-breakpoint
-- Led by the profile now: a search matches a few dozen profiles once whole kinds are summed from
-- audit_event_tallies, and a range per profile reads only theirs. INCLUDE (n) as in 0010 (by hand; see schema.ts).
ALTER TABLE "audit_profile_tallies" ADD CONSTRAINT "audit_profile_tallies_workspace_id_profile_id_width_start_pk" PRIMARY KEY("workspace_id","profile_id","width","start") INCLUDE ("n");--> statement-breakpoint
-- What a skeleton replaces (see audit_profiles in schema.ts), as two patterns. Classes spelled out, as
-- in 0009: a range's meaning may follow the collation.
-- An id shaped as a UUID with no letter or digit beside it: its pieces without digits ("beef") would
-- otherwise make each such event a profile of its own.
CREATE FUNCTION audit_uuid_pattern() RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT '(?<![abcdefghijklmnopqrstuvwxyz0123456789])[0123456789abcdef]{8}-[0123456789abcdef]{4}-[0123456789abcdef]{4}-[0123456789abcdef]{4}-[0123456789abcdef]{12}(?![abcdefghijklmnopqrstuvwxyz0123456789])'
$$;--> statement-breakpoint
-- A whole piece with digits (a maximal run of a-z and 0-9, as audit_text_words cuts the text) that is
-- not a token of two or more letters then at most four digits ("erc20", "sha256"): those name things
-- (a token standard, a hash) and are searched for, the others are amounts, times and ids.
CREATE FUNCTION audit_replaced_piece_pattern() RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT '(?<![abcdefghijklmnopqrstuvwxyz0123456789])(?![abcdefghijklmnopqrstuvwxyz]{2,}[0123456789]{1,4}(?![abcdefghijklmnopqrstuvwxyz0123456789]))[abcdefghijklmnopqrstuvwxyz0123456789]*[0123456789][abcdefghijklmnopqrstuvwxyz0123456789]*(?![abcdefghijklmnopqrstuvwxyz0123456789])'
$$;--> statement-breakpoint
-- The ids first: replacing the pieces first would leave an id's pieces without digits behind.
CREATE OR REPLACE FUNCTION audit_text_skeleton(t text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT regexp_replace(regexp_replace(t, audit_uuid_pattern(), '0', 'g'), audit_replaced_piece_pattern(), '0', 'g')
$$;--> statement-breakpoint
-- The runs of letters inside what audit_text_skeleton replaces (a few more, harmlessly: the pieces
-- are looked for in the text before its ids are replaced, so an id's pieces are among them twice).
CREATE FUNCTION audit_text_volatile_runs(t text) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  SELECT DISTINCT r.run
  FROM (SELECT audit_uuid_pattern() UNION ALL SELECT audit_replaced_piece_pattern()) AS p(pattern)
  CROSS JOIN LATERAL regexp_matches(t, p.pattern, 'g') AS m(found)
  CROSS JOIN LATERAL regexp_split_to_table(m.found[1], '[^abcdefghijklmnopqrstuvwxyz]+') AS r(run)
  WHERE r.run <> ''
$$;--> statement-breakpoint
-- 0010's trigger keeps the profiles with the skeleton above (it calls audit_text_skeleton by name);
-- a fourth lists the volatile runs of each inserting statement's events.
CREATE FUNCTION audit_volatile_runs_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO audit_volatile_runs (workspace_id, run)
  SELECT DISTINCT e.workspace_id, r.run FROM new_events e CROSS JOIN LATERAL audit_text_volatile_runs(e.search_text) AS r(run)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER audit_events_volatile_runs AFTER INSERT ON audit_events REFERENCING NEW TABLE AS new_events
  FOR EACH STATEMENT EXECUTE FUNCTION audit_volatile_runs_add();--> statement-breakpoint
-- The profiles of the events already written, again with the new skeletons (the statements of 0010),
-- and their volatile runs.
CREATE TEMPORARY TABLE audit_profiled AS
SELECT e.workspace_id, k.id AS kind_id, e.timestamp, s.skeleton, encode(sha256(convert_to(s.skeleton, 'UTF8')), 'hex') AS skeleton_key
FROM audit_events e
JOIN audit_event_kinds k USING (workspace_id, category, subject, event, user_name, user_id)
CROSS JOIN LATERAL (SELECT audit_text_skeleton(e.search_text) AS skeleton) AS s;--> statement-breakpoint
INSERT INTO audit_profiles (workspace_id, kind_id, skeleton_key, skeleton)
SELECT DISTINCT ON (workspace_id, kind_id, skeleton_key) workspace_id, kind_id, skeleton_key, skeleton FROM audit_profiled;--> statement-breakpoint
INSERT INTO audit_profile_tallies (workspace_id, profile_id, width, start, n)
SELECT f.workspace_id, p.id, u.width, (f.timestamp - u.shift) / u.width * u.width + u.shift, count(*)
FROM audit_profiled f
JOIN audit_profiles p USING (workspace_id, kind_id, skeleton_key)
CROSS JOIN (VALUES (3600000::bigint, 0::bigint), (86400000::bigint, 0::bigint), (604800000::bigint, 345600000::bigint)) AS u(width, shift)
GROUP BY 1, 2, 3, 4;--> statement-breakpoint
DROP TABLE audit_profiled;--> statement-breakpoint
INSERT INTO audit_volatile_runs (workspace_id, run)
SELECT DISTINCT e.workspace_id, r.run FROM audit_events e CROSS JOIN LATERAL audit_text_volatile_runs(e.search_text) AS r(run);--> statement-breakpoint
CREATE INDEX "audit_volatile_runs_search_idx" ON "audit_volatile_runs" USING gin ("run" gin_trgm_ops) WITH (fastupdate=false);
