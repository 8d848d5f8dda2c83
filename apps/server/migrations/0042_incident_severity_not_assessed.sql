-- A new incident's severity is empty ("Not assessed") until someone records one: an unauthorised
-- restrictive practice keeps the 24-hour clock until then (decision 0027). Existing entries keep theirs.
ALTER TABLE "incidents" ALTER COLUMN "severity" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "incidents" ALTER COLUMN "severity" DROP NOT NULL;