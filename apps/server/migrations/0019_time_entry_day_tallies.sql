-- A team's time per person, day and status, kept by statement triggers on time_entries: the team
-- timesheet (GET /api/timesheet?teamId=) reads a month of these, about one row per person-day,
-- instead of summing every entry on each request (docs/performance.md, Time). Only entries on a
-- team are tallied; a person's own timesheet sums their hundred-odd entries directly. No foreign key
-- to tenants or teams: a tenant deleted with its entries would otherwise trip over its own cascade.
CREATE TABLE "time_entry_day_tallies" (
  "tenant_id" uuid NOT NULL,
  "team_id" uuid NOT NULL,
  "date" date NOT NULL,
  "user_id" uuid NOT NULL,
  "status" text NOT NULL,
  "n" integer NOT NULL,
  "minutes" integer NOT NULL,
  "amount_cents" bigint NOT NULL,
  CONSTRAINT "time_entry_day_tallies_pk" PRIMARY KEY ("tenant_id", "team_id", "date", "user_id", "status")
);
--> statement-breakpoint
-- Adds each statement's net change per key, in key order (so two transactions touching the same
-- tallies lock them in the same order and never deadlock); a change that moves no entry between
-- keys and changes no minutes or amount (a description, a location) writes nothing here.
CREATE FUNCTION wattle_tally_time_entries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO time_entry_day_tallies AS t (tenant_id, team_id, date, user_id, status, n, minutes, amount_cents)
      SELECT tenant_id, team_id, date, user_id, status, count(*), sum(duration_minutes), sum(amount_cents)
      FROM new_rows WHERE team_id IS NOT NULL GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (tenant_id, team_id, date, user_id, status) DO UPDATE
        SET n = t.n + excluded.n, minutes = t.minutes + excluded.minutes, amount_cents = t.amount_cents + excluded.amount_cents;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO time_entry_day_tallies AS t (tenant_id, team_id, date, user_id, status, n, minutes, amount_cents)
      SELECT tenant_id, team_id, date, user_id, status, -count(*), -sum(duration_minutes), -sum(amount_cents)
      FROM old_rows WHERE team_id IS NOT NULL GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (tenant_id, team_id, date, user_id, status) DO UPDATE
        SET n = t.n + excluded.n, minutes = t.minutes + excluded.minutes, amount_cents = t.amount_cents + excluded.amount_cents;
  ELSE
    INSERT INTO time_entry_day_tallies AS t (tenant_id, team_id, date, user_id, status, n, minutes, amount_cents)
      SELECT tenant_id, team_id, date, user_id, status, sum(dn), sum(dm), sum(da)
      FROM (
        SELECT tenant_id, team_id, date, user_id, status, -1 AS dn, -duration_minutes AS dm, -amount_cents::bigint AS da
        FROM old_rows WHERE team_id IS NOT NULL
        UNION ALL
        SELECT tenant_id, team_id, date, user_id, status, 1, duration_minutes, amount_cents
        FROM new_rows WHERE team_id IS NOT NULL
      ) AS change
      GROUP BY 1, 2, 3, 4, 5
      HAVING sum(dn) <> 0 OR sum(dm) <> 0 OR sum(da) <> 0
      ORDER BY 1, 2, 3, 4, 5
      ON CONFLICT (tenant_id, team_id, date, user_id, status) DO UPDATE
        SET n = t.n + excluded.n, minutes = t.minutes + excluded.minutes, amount_cents = t.amount_cents + excluded.amount_cents;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER time_entries_tally_insert AFTER INSERT ON time_entries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wattle_tally_time_entries();
--> statement-breakpoint
CREATE TRIGGER time_entries_tally_update AFTER UPDATE ON time_entries
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wattle_tally_time_entries();
--> statement-breakpoint
CREATE TRIGGER time_entries_tally_delete AFTER DELETE ON time_entries
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION wattle_tally_time_entries();
--> statement-breakpoint
INSERT INTO time_entry_day_tallies (tenant_id, team_id, date, user_id, status, n, minutes, amount_cents)
  SELECT tenant_id, team_id, date, user_id, status, count(*), sum(duration_minutes), sum(amount_cents)
  FROM time_entries WHERE team_id IS NOT NULL GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
SELECT wattle_secure_tenant_tables();
