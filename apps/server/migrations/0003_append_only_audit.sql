-- wattle_secure_tenant_tables() granted UPDATE and DELETE on every tenant table, so running it again
-- in a later migration (as every migration that adds tenant tables does) would have undone the
-- audit log's REVOKE. Append-only tables now get SELECT and INSERT only, whenever it runs.
CREATE OR REPLACE FUNCTION wattle_secure_tenant_tables() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  t record;
  append_only constant text[] := ARRAY['audit_log'];
BEGIN
  FOR t IN
    SELECT c.oid::regclass AS tbl, c.relname
    FROM pg_class c
    JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = 1 AND a.attname = 'tenant_id'
    WHERE n.nspname = 'public' AND c.relkind = 'r'
  LOOP
    EXECUTE format('ALTER TABLE %s ENABLE ROW LEVEL SECURITY', t.tbl);
    EXECUTE format('ALTER TABLE %s FORCE ROW LEVEL SECURITY', t.tbl);
    IF NOT EXISTS (SELECT 1 FROM pg_policy WHERE polrelid = t.tbl AND polname = 'tenant_isolation') THEN
      EXECUTE format(
        'CREATE POLICY tenant_isolation ON %s USING (tenant_id = wattle_tenant()) WITH CHECK (tenant_id = wattle_tenant())',
        t.tbl);
    END IF;
    IF t.relname = ANY (append_only) THEN
      EXECUTE format('GRANT SELECT, INSERT ON %s TO wattle_app', t.tbl);
      EXECUTE format('REVOKE UPDATE, DELETE, TRUNCATE ON %s FROM wattle_app', t.tbl);
    ELSE
      EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %s TO wattle_app', t.tbl);
    END IF;
  END LOOP;
END
$$;
--> statement-breakpoint
SELECT wattle_secure_tenant_tables();
