-- How many invoices each tenant has per status, and their total in cents, kept by statement
-- triggers on invoices. The invoice list's total and the board's column totals, for a tenant-wide
-- reader filtering by status alone, sum at most 8 rows of this instead of counting every invoice of
-- the tenant on every page (docs/performance.md, Invoices). No foreign key to tenants: a tenant
-- deleted with its invoices would otherwise trip over its own cascade.
CREATE TABLE "invoice_tallies" (
	"tenant_id" uuid NOT NULL,
	"status" text NOT NULL,
	"n" integer NOT NULL,
	"total_cents" bigint NOT NULL,
	CONSTRAINT "invoice_tallies_tenant_id_status_pk" PRIMARY KEY("tenant_id","status")
);
--> statement-breakpoint
-- Adds each statement's net change per tenant and status; an update that moves no invoice between
-- statuses and changes no total (notes, versions, dates) writes nothing here, so it locks no tally row.
CREATE FUNCTION wattle_tally_invoices() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO invoice_tallies AS t (tenant_id, status, n, total_cents)
      SELECT tenant_id, status, count(*), sum(total_cents) FROM new_rows GROUP BY 1, 2
      ON CONFLICT (tenant_id, status)
      DO UPDATE SET n = t.n + excluded.n, total_cents = t.total_cents + excluded.total_cents;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO invoice_tallies AS t (tenant_id, status, n, total_cents)
      SELECT tenant_id, status, -count(*), -sum(total_cents) FROM old_rows GROUP BY 1, 2
      ON CONFLICT (tenant_id, status)
      DO UPDATE SET n = t.n + excluded.n, total_cents = t.total_cents + excluded.total_cents;
  ELSE
    INSERT INTO invoice_tallies AS t (tenant_id, status, n, total_cents)
      SELECT tenant_id, status, sum(d), sum(cents)
      FROM (
        SELECT tenant_id, status, -1 AS d, -total_cents::bigint AS cents FROM old_rows
        UNION ALL
        SELECT tenant_id, status, 1, total_cents::bigint FROM new_rows
      ) AS change
      GROUP BY 1, 2
      HAVING sum(d) <> 0 OR sum(cents) <> 0
      ON CONFLICT (tenant_id, status)
      DO UPDATE SET n = t.n + excluded.n, total_cents = t.total_cents + excluded.total_cents;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER invoices_tally_insert AFTER INSERT ON invoices
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wattle_tally_invoices();
--> statement-breakpoint
CREATE TRIGGER invoices_tally_update AFTER UPDATE ON invoices
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION wattle_tally_invoices();
--> statement-breakpoint
CREATE TRIGGER invoices_tally_delete AFTER DELETE ON invoices
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION wattle_tally_invoices();
--> statement-breakpoint
INSERT INTO invoice_tallies (tenant_id, status, n, total_cents)
  SELECT tenant_id, status, count(*), sum(total_cents) FROM invoices GROUP BY 1, 2;
--> statement-breakpoint
SELECT wattle_secure_tenant_tables();
