-- Row-level security for tenant data (DESIGN.md section 3).
-- Request work runs as wattle_app, a role that owns nothing and is no superuser, inside a transaction
-- that sets app.tenant_id (and app.user_id, app.user_email, app.platform_role). Every tenant table's
-- policy compares tenant_id with app.tenant_id, so a query that forgets the tenant sees no rows.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'wattle_app') THEN
    CREATE ROLE wattle_app NOLOGIN NOSUPERUSER NOBYPASSRLS;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL; -- another database on the same server created it at the same moment
END
$$;
--> statement-breakpoint
DO $$
BEGIN
  EXECUTE format('GRANT wattle_app TO %I', current_user);
EXCEPTION WHEN OTHERS THEN
  NULL; -- already a member, or a superuser who needs no grant to SET ROLE
END
$$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO wattle_app;
--> statement-breakpoint
CREATE FUNCTION wattle_tenant() RETURNS uuid LANGUAGE sql STABLE AS
  $$ SELECT nullif(current_setting('app.tenant_id', true), '')::uuid $$;
--> statement-breakpoint
CREATE FUNCTION wattle_user() RETURNS uuid LANGUAGE sql STABLE AS
  $$ SELECT nullif(current_setting('app.user_id', true), '')::uuid $$;
--> statement-breakpoint
CREATE FUNCTION wattle_user_email() RETURNS text LANGUAGE sql STABLE AS
  $$ SELECT nullif(current_setting('app.user_email', true), '') $$;
--> statement-breakpoint
CREATE FUNCTION wattle_platform_role() RETURNS text LANGUAGE sql STABLE AS
  $$ SELECT nullif(current_setting('app.platform_role', true), '') $$;
--> statement-breakpoint
-- Secures every table whose first column is tenant_id and that has no policy yet: RLS enabled and
-- forced, the standard tenant policy, and the app role's grants. Every migration that adds tenant
-- tables ends by calling it; a test checks that no tenant table is left without it.
CREATE FUNCTION wattle_secure_tenant_tables() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  t record;
BEGIN
  FOR t IN
    SELECT c.oid::regclass AS tbl
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
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON %s TO wattle_app', t.tbl);
  END LOOP;
END
$$;
--> statement-breakpoint
SELECT wattle_secure_tenant_tables();
--> statement-breakpoint
-- The tenants table is keyed by its own id.
ALTER TABLE tenants ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE tenants FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON tenants USING (id = wattle_tenant()) WITH CHECK (id = wattle_tenant());
--> statement-breakpoint
-- A user reads the tenants they belong to (the switcher); platform admins read the directory.
CREATE POLICY tenant_member_read ON tenants FOR SELECT USING (
  id IN (SELECT m.tenant_id FROM memberships m WHERE m.user_id = wattle_user())
  OR wattle_platform_role() IN ('system-admin', 'global-admin')
);
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON tenants TO wattle_app;
--> statement-breakpoint
-- A user reads their own memberships in every tenant.
CREATE POLICY own_memberships_read ON memberships FOR SELECT USING (user_id = wattle_user());
--> statement-breakpoint
-- A user reads invitations sent to their verified email, to accept them at first sign-in.
CREATE POLICY own_invitations_read ON invitations FOR SELECT USING (email = wattle_user_email());
--> statement-breakpoint
-- A system admin reads the access requests they made, whatever the tenant.
CREATE POLICY own_access_requests_read ON tenant_access_requests FOR SELECT USING (requested_by = wattle_user());
--> statement-breakpoint
-- The audit log is append-only for the app.
REVOKE UPDATE, DELETE, TRUNCATE ON audit_log FROM wattle_app;
--> statement-breakpoint
-- Shared reference data: the app reads users (names of colleagues); sessions and tokens stay with
-- the sign-in layer, which runs outside tenant scope.
GRANT SELECT ON users TO wattle_app;
