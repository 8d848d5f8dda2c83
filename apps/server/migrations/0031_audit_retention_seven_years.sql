-- Issue 17 (Tenant settings): audit records are kept never less than seven calendar years, which can
-- hold two 29 Februaries: 2557 days. Tenants created with the specification's 2555 days move up to it.
UPDATE "tenants"
SET "audit_config" = jsonb_set("audit_config", '{retentionDays}', '2557'::jsonb)
WHERE ("audit_config"->>'retentionDays')::int < 2557;
