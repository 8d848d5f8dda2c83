-- Issue 16: behaviour support engagements, plans and their versions, incidents and their actions, the
-- restrictive-practice register, log and monthly reports, Commission deadlines and audit packs.
CREATE TABLE "audit_packs" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"scope" text NOT NULL,
	"scope_id" uuid,
	"scope_name" text NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"file_count" integer DEFAULT 0 NOT NULL,
	"byte_size" bigint,
	"storage_key" text,
	"error" text,
	"requested_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "audit_packs_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "audit_packs_scope_check" CHECK ("audit_packs"."scope" IN ('organisation', 'team', 'participant')),
	CONSTRAINT "audit_packs_status_check" CHECK ("audit_packs"."status" IN ('queued', 'building', 'ready', 'failed')),
	CONSTRAINT "audit_packs_progress_check" CHECK ("audit_packs"."progress" BETWEEN 0 AND 100),
	CONSTRAINT "audit_packs_period_check" CHECK ("audit_packs"."period_to" >= "audit_packs"."period_from")
);
--> statement-breakpoint
CREATE TABLE "behaviour_support_engagements" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"participant_id" uuid NOT NULL,
	"engaged_on" date NOT NULL,
	"ended_on" date,
	"practitioner_id" uuid,
	"note" text DEFAULT '' NOT NULL,
	"recorded_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "behaviour_support_engagements_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "bs_engagements_dates_check" CHECK ("behaviour_support_engagements"."ended_on" IS NULL OR "behaviour_support_engagements"."ended_on" >= "behaviour_support_engagements"."engaged_on")
);
--> statement-breakpoint
CREATE TABLE "behaviour_support_plan_versions" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"field_values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"change_summary" text DEFAULT '' NOT NULL,
	"restrictive_practices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" uuid,
	"submitted_by" uuid,
	"submitted_at" timestamp with time zone,
	"approved_by" uuid,
	"approved_at" timestamp with time zone,
	"rejection_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "behaviour_support_plan_versions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "bs_plan_versions_status_check" CHECK ("behaviour_support_plan_versions"."status" IN ('draft', 'in-review', 'approved', 'superseded', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "behaviour_support_plans" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"participant_id" uuid NOT NULL,
	"team_id" uuid NOT NULL,
	"card_id" uuid,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"current_version" integer DEFAULT 1 NOT NULL,
	"approved_version" integer,
	"approved_at" timestamp with time zone,
	"shared_with_family" boolean DEFAULT false NOT NULL,
	"review_due_on" date,
	"needs_changed_on" date,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "behaviour_support_plans_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "bs_plans_kind_check" CHECK ("behaviour_support_plans"."kind" IN ('interim', 'comprehensive')),
	CONSTRAINT "bs_plans_status_check" CHECK ("behaviour_support_plans"."status" IN ('draft', 'in-review', 'approved', 'superseded', 'archived'))
);
--> statement-breakpoint
CREATE TABLE "deadlines" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"kind" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"participant_id" uuid,
	"team_id" uuid,
	"due_at" timestamp with time zone NOT NULL,
	"met_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deadlines_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "deadlines_kind_check" CHECK ("deadlines"."kind" IN ('bsp-interim', 'bsp-comprehensive', 'bsp-review', 'incident-notification', 'incident-five-day-report', 'rp-monthly-report'))
);
--> statement-breakpoint
CREATE TABLE "incident_actions" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"incident_id" uuid NOT NULL,
	"description" text NOT NULL,
	"assignee_id" uuid,
	"due_on" date,
	"done_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "incident_actions_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "incidents" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"participant_id" uuid,
	"team_id" uuid NOT NULL,
	"category" text DEFAULT 'other' NOT NULL,
	"severity" text DEFAULT 'low' NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"behaviour" text,
	"antecedent" text,
	"reportable" boolean DEFAULT false NOT NULL,
	"reportable_category" text,
	"aware_at" timestamp with time zone,
	"aware_by" uuid,
	"notified_at" timestamp with time zone,
	"notification_reference" text,
	"five_day_report_at" timestamp with time zone,
	"five_day_report_reference" text,
	"status" text DEFAULT 'open' NOT NULL,
	"closed_at" timestamp with time zone,
	"debrief_card_id" uuid,
	"restrictive_practice_use_id" uuid,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "incidents_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "incidents_severity_check" CHECK ("incidents"."severity" IN ('low', 'medium', 'high', 'critical')),
	CONSTRAINT "incidents_status_check" CHECK ("incidents"."status" IN ('open', 'closed')),
	CONSTRAINT "incidents_reportable_check" CHECK (NOT "incidents"."reportable" OR "incidents"."reportable_category" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "restrictive_practice_authorisations" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"participant_id" uuid NOT NULL,
	"plan_id" uuid,
	"practice_type" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"authorisation_reference" text,
	"authorised_on" date,
	"expires_on" date,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "restrictive_practice_authorisations_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "rp_authorisations_type_check" CHECK ("restrictive_practice_authorisations"."practice_type" IN ('physical', 'mechanical', 'chemical', 'seclusion', 'environmental')),
	CONSTRAINT "rp_authorisations_dates_check" CHECK ("restrictive_practice_authorisations"."expires_on" IS NULL OR "restrictive_practice_authorisations"."authorised_on" IS NULL OR "restrictive_practice_authorisations"."expires_on" >= "restrictive_practice_authorisations"."authorised_on")
);
--> statement-breakpoint
CREATE TABLE "restrictive_practice_reports" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"participant_id" uuid NOT NULL,
	"month" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"use_count" integer DEFAULT 0 NOT NULL,
	"unauthorised_count" integer DEFAULT 0 NOT NULL,
	"total_minutes" integer DEFAULT 0 NOT NULL,
	"generated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"submitted_by" uuid,
	"submitted_at" timestamp with time zone,
	"commission_reference" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "restrictive_practice_reports_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "rp_reports_month_check" CHECK ("restrictive_practice_reports"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "rp_reports_status_check" CHECK ("restrictive_practice_reports"."status" IN ('draft', 'reviewed', 'submitted'))
);
--> statement-breakpoint
CREATE TABLE "restrictive_practice_uses" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"participant_id" uuid NOT NULL,
	"team_id" uuid,
	"authorisation_id" uuid,
	"practice_type" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"used_by" uuid,
	"reason" text NOT NULL,
	"behaviour" text,
	"antecedent" text,
	"authorised" boolean NOT NULL,
	"incident_id" uuid,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "restrictive_practice_uses_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "rp_uses_type_check" CHECK ("restrictive_practice_uses"."practice_type" IN ('physical', 'mechanical', 'chemical', 'seclusion', 'environmental')),
	CONSTRAINT "rp_uses_duration_check" CHECK ("restrictive_practice_uses"."duration_minutes" >= 0)
);
--> statement-breakpoint
ALTER TABLE "audit_packs" ADD CONSTRAINT "audit_packs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_packs" ADD CONSTRAINT "audit_packs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "behaviour_support_engagements" ADD CONSTRAINT "behaviour_support_engagements_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "behaviour_support_engagements" ADD CONSTRAINT "behaviour_support_engagements_practitioner_id_users_id_fk" FOREIGN KEY ("practitioner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "behaviour_support_engagements" ADD CONSTRAINT "behaviour_support_engagements_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "behaviour_support_engagements" ADD CONSTRAINT "bs_engagements_participant_fk" FOREIGN KEY ("tenant_id","participant_id") REFERENCES "public"."participants"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "behaviour_support_plan_versions" ADD CONSTRAINT "behaviour_support_plan_versions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "behaviour_support_plan_versions" ADD CONSTRAINT "behaviour_support_plan_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "behaviour_support_plan_versions" ADD CONSTRAINT "behaviour_support_plan_versions_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "behaviour_support_plan_versions" ADD CONSTRAINT "behaviour_support_plan_versions_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "behaviour_support_plan_versions" ADD CONSTRAINT "bs_plan_versions_plan_fk" FOREIGN KEY ("tenant_id","plan_id") REFERENCES "public"."behaviour_support_plans"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "behaviour_support_plans" ADD CONSTRAINT "behaviour_support_plans_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "behaviour_support_plans" ADD CONSTRAINT "behaviour_support_plans_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "behaviour_support_plans" ADD CONSTRAINT "bs_plans_participant_fk" FOREIGN KEY ("tenant_id","participant_id") REFERENCES "public"."participants"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "behaviour_support_plans" ADD CONSTRAINT "bs_plans_team_fk" FOREIGN KEY ("tenant_id","team_id") REFERENCES "public"."teams"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "behaviour_support_plans" ADD CONSTRAINT "bs_plans_card_fk" FOREIGN KEY ("tenant_id","card_id") REFERENCES "public"."cards"("tenant_id","id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deadlines" ADD CONSTRAINT "deadlines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_actions" ADD CONSTRAINT "incident_actions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_actions" ADD CONSTRAINT "incident_actions_assignee_id_users_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_actions" ADD CONSTRAINT "incident_actions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_actions" ADD CONSTRAINT "incident_actions_incident_fk" FOREIGN KEY ("tenant_id","incident_id") REFERENCES "public"."incidents"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_aware_by_users_id_fk" FOREIGN KEY ("aware_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_card_fk" FOREIGN KEY ("tenant_id","card_id") REFERENCES "public"."cards"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_participant_fk" FOREIGN KEY ("tenant_id","participant_id") REFERENCES "public"."participants"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restrictive_practice_authorisations" ADD CONSTRAINT "restrictive_practice_authorisations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restrictive_practice_authorisations" ADD CONSTRAINT "restrictive_practice_authorisations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restrictive_practice_authorisations" ADD CONSTRAINT "rp_authorisations_participant_fk" FOREIGN KEY ("tenant_id","participant_id") REFERENCES "public"."participants"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restrictive_practice_authorisations" ADD CONSTRAINT "rp_authorisations_plan_fk" FOREIGN KEY ("tenant_id","plan_id") REFERENCES "public"."behaviour_support_plans"("tenant_id","id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restrictive_practice_reports" ADD CONSTRAINT "restrictive_practice_reports_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restrictive_practice_reports" ADD CONSTRAINT "restrictive_practice_reports_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restrictive_practice_reports" ADD CONSTRAINT "restrictive_practice_reports_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restrictive_practice_reports" ADD CONSTRAINT "rp_reports_participant_fk" FOREIGN KEY ("tenant_id","participant_id") REFERENCES "public"."participants"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restrictive_practice_uses" ADD CONSTRAINT "restrictive_practice_uses_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restrictive_practice_uses" ADD CONSTRAINT "restrictive_practice_uses_used_by_users_id_fk" FOREIGN KEY ("used_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restrictive_practice_uses" ADD CONSTRAINT "restrictive_practice_uses_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restrictive_practice_uses" ADD CONSTRAINT "rp_uses_participant_fk" FOREIGN KEY ("tenant_id","participant_id") REFERENCES "public"."participants"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restrictive_practice_uses" ADD CONSTRAINT "rp_uses_authorisation_fk" FOREIGN KEY ("tenant_id","authorisation_id") REFERENCES "public"."restrictive_practice_authorisations"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_packs_created_idx" ON "audit_packs" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_packs_status_idx" ON "audit_packs" USING btree ("status") WHERE "audit_packs"."status" IN ('queued', 'building');--> statement-breakpoint
CREATE UNIQUE INDEX "bs_engagements_open_key" ON "behaviour_support_engagements" USING btree ("tenant_id","participant_id") WHERE "behaviour_support_engagements"."ended_on" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "bs_plan_versions_number_key" ON "behaviour_support_plan_versions" USING btree ("tenant_id","plan_id","number");--> statement-breakpoint
CREATE INDEX "bs_plans_participant_idx" ON "behaviour_support_plans" USING btree ("tenant_id","participant_id","created_at");--> statement-breakpoint
CREATE INDEX "bs_plans_team_idx" ON "behaviour_support_plans" USING btree ("tenant_id","team_id","status");--> statement-breakpoint
CREATE INDEX "bs_plans_review_idx" ON "behaviour_support_plans" USING btree ("tenant_id","review_due_on");--> statement-breakpoint
CREATE UNIQUE INDEX "deadlines_subject_key" ON "deadlines" USING btree ("tenant_id","kind","subject_id");--> statement-breakpoint
CREATE INDEX "deadlines_open_idx" ON "deadlines" USING btree ("tenant_id","due_at") WHERE "deadlines"."met_at" IS NULL;--> statement-breakpoint
CREATE INDEX "deadlines_participant_idx" ON "deadlines" USING btree ("tenant_id","participant_id");--> statement-breakpoint
CREATE INDEX "deadlines_team_idx" ON "deadlines" USING btree ("tenant_id","team_id") WHERE "deadlines"."met_at" IS NULL;--> statement-breakpoint
CREATE INDEX "incident_actions_incident_idx" ON "incident_actions" USING btree ("tenant_id","incident_id");--> statement-breakpoint
CREATE UNIQUE INDEX "incidents_card_key" ON "incidents" USING btree ("tenant_id","card_id");--> statement-breakpoint
CREATE INDEX "incidents_occurred_idx" ON "incidents" USING btree ("tenant_id","occurred_at");--> statement-breakpoint
CREATE INDEX "incidents_participant_idx" ON "incidents" USING btree ("tenant_id","participant_id","occurred_at");--> statement-breakpoint
CREATE INDEX "incidents_team_idx" ON "incidents" USING btree ("tenant_id","team_id","occurred_at");--> statement-breakpoint
CREATE INDEX "rp_authorisations_participant_idx" ON "restrictive_practice_authorisations" USING btree ("tenant_id","participant_id","practice_type");--> statement-breakpoint
CREATE UNIQUE INDEX "rp_reports_month_key" ON "restrictive_practice_reports" USING btree ("tenant_id","participant_id","month");--> statement-breakpoint
CREATE INDEX "rp_uses_participant_idx" ON "restrictive_practice_uses" USING btree ("tenant_id","participant_id","started_at");--> statement-breakpoint
CREATE INDEX "rp_uses_started_idx" ON "restrictive_practice_uses" USING btree ("tenant_id","started_at");--> statement-breakpoint
-- Row-level security, the tenant policy and the app role's grants for the new tenant tables.
SELECT wattle_secure_tenant_tables();
