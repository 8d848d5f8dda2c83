CREATE TABLE "participant_plans" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"participant_id" uuid NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"management_type" text NOT NULL,
	"plan_manager" jsonb,
	"is_current" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "participant_plans_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "participants" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"ndis_number" text NOT NULL,
	"date_of_birth" date NOT NULL,
	"phone" text,
	"address" text,
	"emergency_contact" jsonb,
	"guardian" jsonb,
	"goals" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"alerts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"preferences" text,
	"medical_info" text,
	"communication_needs" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"team_id" uuid,
	"archived_at" timestamp with time zone,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "participants_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "plan_budgets" (
	"tenant_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"category" text NOT NULL,
	"amount_cents" integer NOT NULL,
	CONSTRAINT "plan_budgets_tenant_id_plan_id_category_pk" PRIMARY KEY("tenant_id","plan_id","category")
);
--> statement-breakpoint
CREATE TABLE "staff_profiles" (
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"qualifications" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"registrations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"specializations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"supervisor_id" uuid,
	"working_with_children_check" jsonb,
	"worker_screening" jsonb,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_profiles_tenant_id_user_id_pk" PRIMARY KEY("tenant_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "participant_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "token_hash" text;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "last_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "participant_plans" ADD CONSTRAINT "participant_plans_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participant_plans" ADD CONSTRAINT "participant_plans_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participant_plans" ADD CONSTRAINT "participant_plans_participant_fk" FOREIGN KEY ("tenant_id","participant_id") REFERENCES "public"."participants"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participants" ADD CONSTRAINT "participants_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participants" ADD CONSTRAINT "participants_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participants" ADD CONSTRAINT "participants_team_fk" FOREIGN KEY ("tenant_id","team_id") REFERENCES "public"."teams"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_budgets" ADD CONSTRAINT "plan_budgets_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_budgets" ADD CONSTRAINT "plan_budgets_plan_fk" FOREIGN KEY ("tenant_id","plan_id") REFERENCES "public"."participant_plans"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_profiles" ADD CONSTRAINT "staff_profiles_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_profiles" ADD CONSTRAINT "staff_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_profiles" ADD CONSTRAINT "staff_profiles_supervisor_id_users_id_fk" FOREIGN KEY ("supervisor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "participant_plans_current_key" ON "participant_plans" USING btree ("tenant_id","participant_id") WHERE "participant_plans"."is_current";--> statement-breakpoint
CREATE INDEX "participant_plans_participant_idx" ON "participant_plans" USING btree ("tenant_id","participant_id","start_date");--> statement-breakpoint
CREATE UNIQUE INDEX "participants_ndis_number_key" ON "participants" USING btree ("tenant_id","ndis_number");--> statement-breakpoint
CREATE UNIQUE INDEX "participants_team_key" ON "participants" USING btree ("tenant_id","team_id") WHERE "participants"."team_id" is not null;--> statement-breakpoint
CREATE INDEX "participants_name_idx" ON "participants" USING btree ("tenant_id",lower("name"),"id");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_dedupe_key" ON "notifications" USING btree ("tenant_id","user_id","dedupe_key") WHERE "notifications"."dedupe_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "invitations_token_key" ON "invitations" USING btree ("token_hash");--> statement-breakpoint
-- Each team's participant summary becomes a participant record assigned to that team, and cards that
-- named the summary's old text id now name the record. row_security = off makes a migrating user that
-- row-level security would confine fail here rather than move nothing and drop the summaries.
SET row_security = off;--> statement-breakpoint
INSERT INTO "participants" ("tenant_id", "id", "name", "ndis_number", "date_of_birth", "goals", "alerts", "status", "team_id", "created_at", "updated_at", "last_activity_at")
SELECT DISTINCT ON (t."tenant_id", t."participant"->>'ndisNumber')
  t."tenant_id", gen_random_uuid(), t."participant"->>'name', t."participant"->>'ndisNumber',
  (t."participant"->>'dateOfBirth')::date, coalesce(t."participant"->'goals', '[]'::jsonb),
  coalesce(t."participant"->'alerts', '[]'::jsonb), 'active', t."id", t."created_at", t."created_at", t."last_activity_at"
FROM "teams" t
WHERE t."participant" IS NOT NULL AND t."participant"->>'ndisNumber' ~ '^[0-9]{9}$'
ORDER BY t."tenant_id", t."participant"->>'ndisNumber', t."created_at";--> statement-breakpoint
UPDATE "cards" c SET "participant_id" = p."id"::text
FROM "teams" t
JOIN "participants" p ON p."tenant_id" = t."tenant_id" AND p."ndis_number" = t."participant"->>'ndisNumber'
WHERE t."participant" IS NOT NULL AND c."tenant_id" = t."tenant_id" AND c."participant_id" = t."participant"->>'id';--> statement-breakpoint
RESET row_security;--> statement-breakpoint
ALTER TABLE "teams" DROP COLUMN "participant";--> statement-breakpoint
SELECT wattle_secure_tenant_tables();