-- Trigram matching for card search (DESIGN.md section 3): search_text gets a GIN index below.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "cards" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"work_item_prefix" text NOT NULL,
	"type" text NOT NULL,
	"template_id" text,
	"template_name" text,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"participant_id" text,
	"assignee_id" uuid,
	"status" text DEFAULT 'draft' NOT NULL,
	"state" text DEFAULT 'todo' NOT NULL,
	"ndis_status" text DEFAULT 'draft' NOT NULL,
	"workflow_state_id" text,
	"priority" text DEFAULT 'medium' NOT NULL,
	"category" text,
	"start_date" date,
	"due_date" date,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"field_values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"completed_requirements" jsonb DEFAULT '{"fields":[],"documents":[],"approvals":[]}'::jsonb NOT NULL,
	"compliance" jsonb NOT NULL,
	"billable" boolean DEFAULT true NOT NULL,
	"estimated_amount_cents" integer DEFAULT 0 NOT NULL,
	"field_versions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"last_modified_by" uuid,
	"deleted_at" timestamp with time zone,
	"deleted_by" uuid,
	CONSTRAINT "cards_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "tenant_counters" (
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"value" integer NOT NULL,
	CONSTRAINT "tenant_counters_tenant_id_name_pk" PRIMARY KEY("tenant_id","name")
);
--> statement-breakpoint
CREATE TABLE "form_templates" (
	"tenant_id" uuid NOT NULL,
	"id" text NOT NULL,
	"definition" jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_templates_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_last_modified_by_users_id_fk" FOREIGN KEY ("last_modified_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cards" ADD CONSTRAINT "cards_tenant_id_team_id_teams_tenant_id_id_fk" FOREIGN KEY ("tenant_id","team_id") REFERENCES "public"."teams"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tenant_counters" ADD CONSTRAINT "tenant_counters_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_templates" ADD CONSTRAINT "form_templates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_templates" ADD CONSTRAINT "form_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cards_number_key" ON "cards" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE INDEX "cards_team_updated_idx" ON "cards" USING btree ("tenant_id","team_id","updated_at" DESC NULLS FIRST) WHERE "cards"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "cards_search_idx" ON "cards" USING gin ("search_text" gin_trgm_ops);
--> statement-breakpoint
-- Row-level security, the tenant policy and the app role's grants for the new tenant tables.
SELECT wattle_secure_tenant_tables();
