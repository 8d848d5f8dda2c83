CREATE TABLE "time_entries" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"team_id" uuid,
	"participant_id" uuid,
	"card_id" uuid,
	"time_code_id" uuid NOT NULL,
	"date" date NOT NULL,
	"start_time" time NOT NULL,
	"end_date" date NOT NULL,
	"end_time" time NOT NULL,
	"starts_at" timestamp GENERATED ALWAYS AS ("date" + "start_time") STORED,
	"ends_at" timestamp GENERATED ALWAYS AS ("end_date" + "end_time") STORED,
	"duration_minutes" integer NOT NULL,
	"description" text,
	"location" text,
	"is_travel" boolean DEFAULT false NOT NULL,
	"cancellation_notice_given_on" date,
	"status" text DEFAULT 'draft' NOT NULL,
	"rejection_reason" text,
	"support_item_number" text NOT NULL,
	"support_item_name" text NOT NULL,
	"band" text NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"price_limit_cents" integer,
	"billable_minutes" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"is_cancellation" boolean DEFAULT false NOT NULL,
	"notices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_invoiced" boolean DEFAULT false NOT NULL,
	"invoice_id" uuid,
	"submitted_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"approved_by" uuid,
	"rejected_at" timestamp with time zone,
	"rejected_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_entries_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "time_entries_status_check" CHECK ("time_entries"."status" IN ('draft', 'submitted', 'approved', 'rejected')),
	CONSTRAINT "time_entries_span_check" CHECK ("time_entries"."end_date" + "time_entries"."end_time" > "time_entries"."date" + "time_entries"."start_time"),
	CONSTRAINT "time_entries_duration_check" CHECK ("time_entries"."duration_minutes" > 0 AND "time_entries"."duration_minutes" <= 1440),
	CONSTRAINT "time_entries_money_check" CHECK ("time_entries"."unit_price_cents" >= 0 AND "time_entries"."amount_cents" >= 0 AND "time_entries"."billable_minutes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "timers" (
	"tenant_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"participant_id" uuid,
	"card_id" uuid,
	"time_code_id" uuid,
	CONSTRAINT "timers_tenant_id_user_id_pk" PRIMARY KEY("tenant_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_rejected_by_users_id_fk" FOREIGN KEY ("rejected_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_team_fk" FOREIGN KEY ("tenant_id","team_id") REFERENCES "public"."teams"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_participant_fk" FOREIGN KEY ("tenant_id","participant_id") REFERENCES "public"."participants"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_card_fk" FOREIGN KEY ("tenant_id","card_id") REFERENCES "public"."cards"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_time_code_fk" FOREIGN KEY ("tenant_id","time_code_id") REFERENCES "public"."time_codes"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timers" ADD CONSTRAINT "timers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timers" ADD CONSTRAINT "timers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timers" ADD CONSTRAINT "timers_participant_fk" FOREIGN KEY ("tenant_id","participant_id") REFERENCES "public"."participants"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timers" ADD CONSTRAINT "timers_card_fk" FOREIGN KEY ("tenant_id","card_id") REFERENCES "public"."cards"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timers" ADD CONSTRAINT "timers_time_code_fk" FOREIGN KEY ("tenant_id","time_code_id") REFERENCES "public"."time_codes"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- One person's entries by day: their list, their week, and the overlap check (an entry is at most a
-- day long, so the entries a new one could overlap start within a day before it).
CREATE INDEX "time_entries_user_date_idx" ON "time_entries" USING btree ("tenant_id","user_id","date","start_time");--> statement-breakpoint
-- A team's entries by day: the team lead's timesheet and list. The aggregate's columns ride along
-- so a month of a team is summed from the index alone (an index-only scan) without visiting the heap.
CREATE INDEX "time_entries_team_date_idx" ON "time_entries" USING btree ("tenant_id","team_id","date") INCLUDE ("user_id","status","duration_minutes","amount_cents");--> statement-breakpoint
-- The tenant-wide list by day (tenant admins).
CREATE INDEX "time_entries_tenant_date_idx" ON "time_entries" USING btree ("tenant_id","date","start_time");--> statement-breakpoint
SELECT wattle_secure_tenant_tables();
