-- A plan's committed money (participants/budget-usage.ts) sums a participant's approved, uninvoiced
-- time within the plan's dates, read from this index alone (support item and amount included).
CREATE INDEX "time_entries_participant_committed_idx" ON "time_entries" USING btree ("tenant_id","participant_id","date") INCLUDE ("support_item_number","amount_cents") WHERE "time_entries"."status" = 'approved' AND NOT "time_entries"."is_invoiced";
