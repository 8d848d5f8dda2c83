-- The card list across every team (tenant admins and auditors) reads the newest changes by index,
-- whatever the size of the tenant.
CREATE INDEX "cards_tenant_updated_idx" ON "cards" USING btree ("tenant_id","updated_at" DESC NULLS FIRST) WHERE "cards"."deleted_at" is null;