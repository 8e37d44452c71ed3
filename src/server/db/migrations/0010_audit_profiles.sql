CREATE TABLE "audit_profile_tallies" (
	"workspace_id" uuid NOT NULL,
	"profile_id" bigint NOT NULL,
	"width" bigint NOT NULL,
	"start" bigint NOT NULL,
	"n" bigint NOT NULL,
	-- INCLUDE (n): a histogram's sum is read from the index alone (written by hand; see schema.ts).
	CONSTRAINT "audit_profile_tallies_workspace_id_width_start_profile_id_pk" PRIMARY KEY("workspace_id","width","start","profile_id") INCLUDE ("n")
);
--> statement-breakpoint
CREATE TABLE "audit_profiles" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_profiles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"workspace_id" uuid NOT NULL,
	"kind_id" bigint NOT NULL,
	"skeleton_key" text NOT NULL,
	"skeleton" text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "audit_profiles_key" ON "audit_profiles" USING btree ("workspace_id","kind_id","skeleton_key");--> statement-breakpoint
CREATE INDEX "audit_profiles_search_idx" ON "audit_profiles" USING gin ("skeleton" gin_trgm_ops);--> statement-breakpoint
-- The skeleton of a search text (see audit_profiles in schema.ts): each piece with digits (a maximal
-- run of a-z and 0-9 that has a digit, as audit_text_words cuts the text) becomes "0". A match of
-- the pattern starts at the first character of such a piece, the leftmost start that can succeed,
-- and takes all of it. Classes spelled out: a range's meaning may follow the collation.
CREATE FUNCTION audit_text_skeleton(t text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT regexp_replace(t, '[abcdefghijklmnopqrstuvwxyz0123456789]*[0123456789][abcdefghijklmnopqrstuvwxyz0123456789]*', '0', 'g')
$$;--> statement-breakpoint
-- Each inserting statement lists its events' new profiles (kind and skeleton), then counts its events
-- per profile, hour, day and week (weeks from Monday, as in 0008). The kinds it joins were added by
-- the trigger audit_events_counts, which runs first: PostgreSQL fires the triggers of one event in
-- the order of their names. Two statements, the second seeing the profiles the first added: in
-- one, the profiles would have to come back from the insert, and the planner, which cannot know
-- the transition table's size, joined them to every event in a loop (16 s for 10,000 events).
-- Writers of one workspace hold its chain head's row lock, so no other statement adds its profiles
-- meanwhile.
CREATE FUNCTION audit_profiles_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO audit_profiles (workspace_id, kind_id, skeleton_key, skeleton)
  SELECT DISTINCT ON (1, 2, 3) e.workspace_id, k.id, s.key, s.skeleton
  FROM new_events e
  JOIN audit_event_kinds k USING (workspace_id, category, subject, event, user_name, user_id)
  CROSS JOIN LATERAL (SELECT audit_text_skeleton(e.search_text) AS skeleton) AS t
  CROSS JOIN LATERAL (SELECT t.skeleton, encode(sha256(convert_to(t.skeleton, 'UTF8')), 'hex') AS key) AS s
  -- Known profiles are left out before the insert: each row ON CONFLICT skips still draws an id.
  WHERE NOT EXISTS (SELECT 1 FROM audit_profiles p WHERE p.workspace_id = e.workspace_id AND p.kind_id = k.id AND p.skeleton_key = s.key)
  ON CONFLICT DO NOTHING;
  INSERT INTO audit_profile_tallies (workspace_id, profile_id, width, start, n)
  SELECT e.workspace_id, p.id, u.width, (e.timestamp - u.shift) / u.width * u.width + u.shift, count(*)
  FROM new_events e
  JOIN audit_event_kinds k USING (workspace_id, category, subject, event, user_name, user_id)
  JOIN audit_profiles p ON p.workspace_id = e.workspace_id AND p.kind_id = k.id
    AND p.skeleton_key = encode(sha256(convert_to(audit_text_skeleton(e.search_text), 'UTF8')), 'hex')
  CROSS JOIN (VALUES (3600000::bigint, 0::bigint), (86400000::bigint, 0::bigint), (604800000::bigint, 345600000::bigint)) AS u(width, shift)
  GROUP BY 1, 2, 3, 4
  ON CONFLICT (workspace_id, width, start, profile_id) DO UPDATE SET n = audit_profile_tallies.n + excluded.n;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER audit_events_profiles AFTER INSERT ON audit_events REFERENCING NEW TABLE AS new_events
  FOR EACH STATEMENT EXECUTE FUNCTION audit_profiles_add();--> statement-breakpoint
-- The events written before this migration, the same way.
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
DROP TABLE audit_profiled;
