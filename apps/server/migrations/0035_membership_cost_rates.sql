-- Each person's hourly cost rate in an organisation (issue 17 settings user/rates): what the organisation
-- pays them an hour, in cents; null until an owner or admin sets it.
ALTER TABLE "memberships" ADD COLUMN "hourly_cost_rate_cents" integer;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_hourly_cost_rate_range" CHECK ("memberships"."hourly_cost_rate_cents" IS NULL OR "memberships"."hourly_cost_rate_cents" BETWEEN 0 AND 100000);