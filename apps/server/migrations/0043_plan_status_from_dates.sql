-- Which plan is current is worked out from the plans' dates and the tenant's today (decision 0014,
-- amended): the latest plan to have started; one starting later is upcoming until its start date.
-- The stored flag made a new plan current the day it was recorded, however far off its start; a
-- plan retired by it becomes current again here if its dates still cover today.
DROP INDEX "participant_plans_current_key";--> statement-breakpoint
ALTER TABLE "participant_plans" DROP COLUMN "is_current";