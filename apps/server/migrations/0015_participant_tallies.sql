-- How many participants each tenant has, by status, archived or not, and with a team or without,
-- kept by statement triggers on participants. The participant list's total for a tenant-wide
-- reader (no search, no team filter) sums at most 12 rows of this instead of counting thousands of
-- participants on every page (docs/performance.md, Participants). No foreign key to tenants: a
-- tenant deleted with its participants would otherwise trip over its own cascade.
CREATE TABLE "participant_tallies" (
  "tenant_id" uuid NOT NULL,
  "status" text NOT NULL,
  "is_archived" boolean NOT NULL,
  "has_team" boolean NOT NULL,
  "n" integer NOT NULL,
  CONSTRAINT "participant_tallies_tenant_id_status_is_archived_has_team_pk" PRIMARY KEY ("tenant_id", "status", "is_archived", "has_team")
);
--> statement-breakpoint
-- Adds each change's net effect per key; an update that moves no participant between keys (most of
-- them: a name, a note, the last-activity time) writes nothing here, so it locks no tally row.
CREATE FUNCTION wattle_tally_participants() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO participant_tallies AS t (tenant_id, status, is_archived, has_team, n)
      SELECT tenant_id, status, archived_at IS NOT NULL, team_id IS NOT NULL, count(*)
      FROM new_rows GROUP BY 1, 2, 3, 4
      ON CONFLICT (tenant_id, status, is_archived, has_team) DO UPDATE SET n = t.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO participant_tallies AS t (tenant_id, status, is_archived, has_team, n)
      SELECT tenant_id, status, archived_at IS NOT NULL, team_id IS NOT NULL, -count(*)
      FROM old_rows GROUP BY 1, 2, 3, 4
      ON CONFLICT (tenant_id, status, is_archived, has_team) DO UPDATE SET n = t.n + excluded.n;
  ELSE
    INSERT INTO participant_tallies AS t (tenant_id, status, is_archived, has_team, n)
      SELECT tenant_id, status, is_archived, has_team, sum(d)
      FROM (
        SELECT tenant_id, status, archived_at IS NOT NULL AS is_archived, team_id IS NOT NULL AS has_team, -1 AS d
        FROM old_rows
        UNION ALL
        SELECT tenant_id, status, archived_at IS NOT NULL, team_id IS NOT NULL, 1 FROM new_rows
      ) AS change
      GROUP BY 1, 2, 3, 4
      HAVING sum(d) <> 0
      ON CONFLICT (tenant_id, status, is_archived, has_team) DO UPDATE SET n = t.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER participants_tally_insert AFTER INSERT ON participants
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wattle_tally_participants();
--> statement-breakpoint
CREATE TRIGGER participants_tally_update AFTER UPDATE ON participants
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wattle_tally_participants();
--> statement-breakpoint
CREATE TRIGGER participants_tally_delete AFTER DELETE ON participants
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION wattle_tally_participants();
--> statement-breakpoint
INSERT INTO participant_tallies (tenant_id, status, is_archived, has_team, n)
  SELECT tenant_id, status, archived_at IS NOT NULL, team_id IS NOT NULL, count(*)
  FROM participants GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
SELECT wattle_secure_tenant_tables();
