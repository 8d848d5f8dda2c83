-- The dashboard (issue 16 item 7, scripts/bench-dashboard.mjs).
-- The few deleted cards: the open incidents tile leaves out incidents of deleted cards with a probe of
-- this small index (not exists) instead of joining every live card.
CREATE INDEX "cards_deleted_idx" ON "cards" USING btree ("tenant_id","id") WHERE "cards"."deleted_at" is not null;
--> statement-breakpoint
-- A tenant's hours this week (tenant-wide readers) sum duration and count by status from the index
-- alone. Drizzle does not write INCLUDE, so the schema's definition of this index is unchanged.
DROP INDEX IF EXISTS "time_entries_tenant_date_idx";
--> statement-breakpoint
CREATE INDEX "time_entries_tenant_date_idx" ON "time_entries" USING btree ("tenant_id","date","start_time") INCLUDE ("duration_minutes","status");
