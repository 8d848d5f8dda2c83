-- File storage (issue 17 item 1, scripts/bench-files.mjs). How many live (not deleted) files each
-- tenant has, kept by statement triggers on card_files: the total of an owner's unfiltered list reads
-- this row instead of counting every file of the tenant on each page. No foreign key to tenants, as
-- for invoice_tallies: a tenant deleted with its files would otherwise trip over its own cascade.
CREATE TABLE "card_file_tallies" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"n" integer NOT NULL
);
--> statement-breakpoint
-- Adds each statement's net change per tenant; an update that deletes or restores no file (a
-- download's count, a scan status, retention) writes nothing here, so it locks no tally row.
CREATE FUNCTION wattle_tally_card_files() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO card_file_tallies AS t (tenant_id, n)
      SELECT tenant_id, count(*) FROM new_rows WHERE deleted_at IS NULL GROUP BY 1
      ON CONFLICT (tenant_id) DO UPDATE SET n = t.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO card_file_tallies AS t (tenant_id, n)
      SELECT tenant_id, -count(*) FROM old_rows WHERE deleted_at IS NULL GROUP BY 1
      ON CONFLICT (tenant_id) DO UPDATE SET n = t.n + excluded.n;
  ELSE
    INSERT INTO card_file_tallies AS t (tenant_id, n)
      SELECT tenant_id, sum(d)
      FROM (
        SELECT tenant_id, -1 AS d FROM old_rows WHERE deleted_at IS NULL
        UNION ALL
        SELECT tenant_id, 1 FROM new_rows WHERE deleted_at IS NULL
      ) AS change
      GROUP BY 1
      HAVING sum(d) <> 0
      ON CONFLICT (tenant_id) DO UPDATE SET n = t.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER card_files_tally_insert AFTER INSERT ON card_files
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wattle_tally_card_files();
--> statement-breakpoint
CREATE TRIGGER card_files_tally_update AFTER UPDATE ON card_files
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wattle_tally_card_files();
--> statement-breakpoint
CREATE TRIGGER card_files_tally_delete AFTER DELETE ON card_files
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION wattle_tally_card_files();
--> statement-breakpoint
INSERT INTO card_file_tallies (tenant_id, n)
  SELECT tenant_id, count(*) FROM card_files WHERE deleted_at IS NULL GROUP BY 1;
--> statement-breakpoint
SELECT wattle_secure_tenant_tables();
