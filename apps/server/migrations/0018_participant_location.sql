-- Where a participant lives, for NDIS pricing (issue 14): their state or territory (null: the
-- organisation's, "Same as organisation") and their remoteness on the Modified Monash Model, MMM 1
-- metropolitan to MMM 7 very remote (MMM 6 and 7 take the catalogue's Remote and Very Remote price
-- limits; provider travel caps follow it). Existing participants become metropolitan in their
-- organisation's state, which is how they were priced before. The table's row-level security
-- (0012) covers the new columns.
ALTER TABLE "participants" ADD COLUMN "state" text;--> statement-breakpoint
ALTER TABLE "participants" ADD COLUMN "monash_model" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "participants" ADD CONSTRAINT "participants_state_check" CHECK ("participants"."state" in ('ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'));--> statement-breakpoint
ALTER TABLE "participants" ADD CONSTRAINT "participants_monash_model_check" CHECK ("participants"."monash_model" between 1 and 7);
