-- The dashboard for a tenant-wide reader (issue 16 item 7, scripts/bench-dashboard.mjs).
-- How many open cards (live, not done, with a due date) each tenant has per due date: the overdue and
-- due-soon counts sum the days before and after today here instead of counting every open card of
-- the tenant on each request. No foreign key to tenants, as for invoice_tallies.
CREATE TABLE "card_due_tallies" (
	"tenant_id" uuid NOT NULL,
	"due_date" date NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "card_due_tallies_tenant_id_due_date_pk" PRIMARY KEY("tenant_id","due_date")
);
--> statement-breakpoint
-- Kept by row triggers. An update fires only when a card's due date, state or deletion changes (the
-- WHEN clause is checked without calling the function), so the field saves of a form cost nothing here.
CREATE FUNCTION wattle_tally_open_due_cards() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.deleted_at IS NULL AND OLD.state <> 'done' AND OLD.due_date IS NOT NULL THEN
    INSERT INTO card_due_tallies AS t (tenant_id, due_date, n) VALUES (OLD.tenant_id, OLD.due_date, -1)
      ON CONFLICT (tenant_id, due_date) DO UPDATE SET n = t.n - 1;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.deleted_at IS NULL AND NEW.state <> 'done' AND NEW.due_date IS NOT NULL THEN
    INSERT INTO card_due_tallies AS t (tenant_id, due_date, n) VALUES (NEW.tenant_id, NEW.due_date, 1)
      ON CONFLICT (tenant_id, due_date) DO UPDATE SET n = t.n + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER cards_due_tally_insert AFTER INSERT ON cards
  FOR EACH ROW EXECUTE FUNCTION wattle_tally_open_due_cards();
--> statement-breakpoint
CREATE TRIGGER cards_due_tally_update AFTER UPDATE ON cards
  FOR EACH ROW
  WHEN (OLD.due_date IS DISTINCT FROM NEW.due_date OR OLD.state IS DISTINCT FROM NEW.state
    OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at)
  EXECUTE FUNCTION wattle_tally_open_due_cards();
--> statement-breakpoint
CREATE TRIGGER cards_due_tally_delete AFTER DELETE ON cards
  FOR EACH ROW EXECUTE FUNCTION wattle_tally_open_due_cards();
--> statement-breakpoint
INSERT INTO card_due_tallies (tenant_id, due_date, n)
  SELECT tenant_id, due_date, count(*) FROM cards
  WHERE deleted_at IS NULL AND state <> 'done' AND due_date IS NOT NULL GROUP BY 1, 2;
--> statement-breakpoint
-- The nearest open cards in due order with their number as the tie-break, read in index order so the
-- first few stop the scan.
DROP INDEX "cards_tenant_open_due_idx";
--> statement-breakpoint
CREATE INDEX "cards_tenant_open_due_idx" ON "cards" USING btree ("tenant_id","due_date","number") WHERE "cards"."deleted_at" is null and "cards"."state" <> 'done' and "cards"."due_date" is not null;
--> statement-breakpoint
SELECT wattle_secure_tenant_tables();
