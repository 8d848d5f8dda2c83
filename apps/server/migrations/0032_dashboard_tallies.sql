-- The dashboard for a tenant-wide reader and for team leads (issue 16 item 7,
-- scripts/bench-dashboard.mjs; docs/performance.md, Dashboard). Tallies replace counting every plan
-- and every time entry of the week on each request; covering indexes let the open incidents and the
-- open deadlines be counted from their indexes alone.
CREATE TABLE "behaviour_support_plan_tallies" (
	"tenant_id" uuid NOT NULL,
	"status" text NOT NULL,
	"review_due_on" date NOT NULL,
	"approved" boolean NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "behaviour_support_plan_tallies_tenant_id_status_review_due_on_approved_pk" PRIMARY KEY("tenant_id","status","review_due_on","approved")
);
--> statement-breakpoint
CREATE TABLE "time_entry_tenant_day_tallies" (
	"tenant_id" uuid NOT NULL,
	"date" date NOT NULL,
	"status" text NOT NULL,
	"n" integer NOT NULL,
	"minutes" integer NOT NULL,
	CONSTRAINT "time_entry_tenant_day_tallies_tenant_id_date_status_pk" PRIMARY KEY("tenant_id","date","status")
);
--> statement-breakpoint
-- Plans in force or being written, by status, review date ('infinity' for none) and whether a version
-- is approved. Row triggers; an update fires only when one of the keyed columns changes.
CREATE FUNCTION wattle_tally_live_plans() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status NOT IN ('superseded', 'archived') THEN
    INSERT INTO behaviour_support_plan_tallies AS t (tenant_id, status, review_due_on, approved, n)
      VALUES (OLD.tenant_id, OLD.status, coalesce(OLD.review_due_on, 'infinity'::date), OLD.approved_version IS NOT NULL, -1)
      ON CONFLICT (tenant_id, status, review_due_on, approved) DO UPDATE SET n = t.n - 1;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status NOT IN ('superseded', 'archived') THEN
    INSERT INTO behaviour_support_plan_tallies AS t (tenant_id, status, review_due_on, approved, n)
      VALUES (NEW.tenant_id, NEW.status, coalesce(NEW.review_due_on, 'infinity'::date), NEW.approved_version IS NOT NULL, 1)
      ON CONFLICT (tenant_id, status, review_due_on, approved) DO UPDATE SET n = t.n + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER bs_plans_tally_insert AFTER INSERT ON behaviour_support_plans
  FOR EACH ROW EXECUTE FUNCTION wattle_tally_live_plans();
--> statement-breakpoint
CREATE TRIGGER bs_plans_tally_update AFTER UPDATE ON behaviour_support_plans
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.review_due_on IS DISTINCT FROM NEW.review_due_on
    OR (OLD.approved_version IS NULL) <> (NEW.approved_version IS NULL))
  EXECUTE FUNCTION wattle_tally_live_plans();
--> statement-breakpoint
CREATE TRIGGER bs_plans_tally_delete AFTER DELETE ON behaviour_support_plans
  FOR EACH ROW EXECUTE FUNCTION wattle_tally_live_plans();
--> statement-breakpoint
INSERT INTO behaviour_support_plan_tallies (tenant_id, status, review_due_on, approved, n)
  SELECT tenant_id, status, coalesce(review_due_on, 'infinity'::date), approved_version IS NOT NULL, count(*)
  FROM behaviour_support_plans WHERE status NOT IN ('superseded', 'archived') GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
-- The tenant's time per day and status, as time_entry_day_tallies (0019) keeps a team's: statement
-- triggers adding each statement's net change in key order; a change that moves nothing writes nothing.
CREATE FUNCTION wattle_tally_tenant_time() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO time_entry_tenant_day_tallies AS t (tenant_id, date, status, n, minutes)
      SELECT tenant_id, date, status, count(*), sum(duration_minutes)
      FROM new_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (tenant_id, date, status) DO UPDATE SET n = t.n + excluded.n, minutes = t.minutes + excluded.minutes;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO time_entry_tenant_day_tallies AS t (tenant_id, date, status, n, minutes)
      SELECT tenant_id, date, status, -count(*), -sum(duration_minutes)
      FROM old_rows GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (tenant_id, date, status) DO UPDATE SET n = t.n + excluded.n, minutes = t.minutes + excluded.minutes;
  ELSE
    INSERT INTO time_entry_tenant_day_tallies AS t (tenant_id, date, status, n, minutes)
      SELECT tenant_id, date, status, sum(dn), sum(dm)
      FROM (
        SELECT tenant_id, date, status, -1 AS dn, -duration_minutes AS dm FROM old_rows
        UNION ALL
        SELECT tenant_id, date, status, 1, duration_minutes FROM new_rows
      ) AS change
      GROUP BY 1, 2, 3
      HAVING sum(dn) <> 0 OR sum(dm) <> 0
      ORDER BY 1, 2, 3
      ON CONFLICT (tenant_id, date, status) DO UPDATE SET n = t.n + excluded.n, minutes = t.minutes + excluded.minutes;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER time_entries_tenant_tally_insert AFTER INSERT ON time_entries
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wattle_tally_tenant_time();
--> statement-breakpoint
CREATE TRIGGER time_entries_tenant_tally_update AFTER UPDATE ON time_entries
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wattle_tally_tenant_time();
--> statement-breakpoint
CREATE TRIGGER time_entries_tenant_tally_delete AFTER DELETE ON time_entries
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION wattle_tally_tenant_time();
--> statement-breakpoint
INSERT INTO time_entry_tenant_day_tallies (tenant_id, date, status, n, minutes)
  SELECT tenant_id, date, status, count(*), sum(duration_minutes) FROM time_entries GROUP BY 1, 2, 3;
--> statement-breakpoint
CREATE INDEX "deadlines_open_kind_idx" ON "deadlines" USING btree ("tenant_id","kind","due_at") WHERE "deadlines"."met_at" IS NULL;
--> statement-breakpoint
DROP INDEX "deadlines_open_idx";
--> statement-breakpoint
CREATE INDEX "deadlines_open_idx" ON "deadlines" USING btree ("tenant_id","due_at") INCLUDE ("kind","subject_type","subject_id","team_id") WHERE "deadlines"."met_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "incidents_open_idx" ON "incidents" USING btree ("tenant_id","team_id") INCLUDE ("reportable","severity","card_id") WHERE "incidents"."status" = 'open';
--> statement-breakpoint
SELECT wattle_secure_tenant_tables();
