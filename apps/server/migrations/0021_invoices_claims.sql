CREATE TABLE "card_billing_rules" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"card_type" text NOT NULL,
	"category" text NOT NULL,
	"base_rate_cents" integer NOT NULL,
	"estimated_hours" numeric(8, 2) NOT NULL,
	"ndis_line_item" text NOT NULL,
	"gst_applicable" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_billing_rules_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "card_billing_rules_money_check" CHECK ("card_billing_rules"."base_rate_cents" >= 0 AND "card_billing_rules"."estimated_hours" > 0)
);
--> statement-breakpoint
CREATE TABLE "claim_batches" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"number" integer NOT NULL,
	"status" text DEFAULT 'exported' NOT NULL,
	"line_count" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"paid_line_count" integer DEFAULT 0 NOT NULL,
	"rejected_line_count" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"results_imported_at" timestamp with time zone,
	CONSTRAINT "claim_batches_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "claim_batches_status_check" CHECK ("claim_batches"."status" IN ('exported', 'results-imported'))
);
--> statement-breakpoint
CREATE TABLE "claim_lines" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"batch_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"invoice_line_id" uuid NOT NULL,
	"claim_reference" text NOT NULL,
	"row" jsonb NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'claimed' NOT NULL,
	"error" text,
	"paid_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "claim_lines_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "claim_lines_status_check" CHECK ("claim_lines"."status" IN ('claimed', 'paid', 'rejected')),
	CONSTRAINT "claim_lines_reference_check" CHECK (char_length("claim_lines"."claim_reference") <= 50)
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"last_invoice_number" integer DEFAULT 0 NOT NULL,
	"last_claim_batch_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"line_number" integer NOT NULL,
	"time_entry_id" uuid,
	"card_id" uuid,
	"service_date_from" date NOT NULL,
	"service_date_to" date NOT NULL,
	"support_item_number" text NOT NULL,
	"support_item_name" text NOT NULL,
	"support_category" text,
	"description" text DEFAULT '' NOT NULL,
	"quantity" numeric(12, 2) NOT NULL,
	"minutes" integer,
	"unit" text NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"gst_code" text DEFAULT 'P2' NOT NULL,
	"amount_cents" integer NOT NULL,
	"gst_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer NOT NULL,
	"claim_type" text DEFAULT '' NOT NULL,
	"claim_status" text DEFAULT 'unclaimed' NOT NULL,
	"claim_reference" text,
	"claim_error" text,
	"paid_cents" integer DEFAULT 0 NOT NULL,
	"problems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "invoice_lines_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "invoice_lines_gst_code_check" CHECK ("invoice_lines"."gst_code" IN ('P1', 'P2', 'P5')),
	CONSTRAINT "invoice_lines_claim_status_check" CHECK ("invoice_lines"."claim_status" IN ('unclaimed', 'claimed', 'paid', 'rejected')),
	CONSTRAINT "invoice_lines_claim_type_check" CHECK ("invoice_lines"."claim_type" IN ('', 'CANC', 'REPW', 'TRAN', 'NF2F')),
	CONSTRAINT "invoice_lines_money_check" CHECK ("invoice_lines"."quantity" > 0 AND "invoice_lines"."unit_price_cents" >= 0 AND "invoice_lines"."amount_cents" >= 0 AND "invoice_lines"."gst_cents" >= 0 AND "invoice_lines"."paid_cents" >= 0),
	CONSTRAINT "invoice_lines_dates_check" CHECK ("invoice_lines"."service_date_to" >= "invoice_lines"."service_date_from"),
	CONSTRAINT "invoice_lines_reference_check" CHECK (char_length("invoice_lines"."claim_reference") <= 50)
);
--> statement-breakpoint
CREATE TABLE "invoice_payments" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"date" date NOT NULL,
	"amount_cents" integer NOT NULL,
	"reference" text NOT NULL,
	"source" text NOT NULL,
	"claim_batch_id" uuid,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoice_payments_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "invoice_payments_amount_check" CHECK ("invoice_payments"."amount_cents" > 0),
	CONSTRAINT "invoice_payments_source_check" CHECK ("invoice_payments"."source" IN ('manual', 'ndia'))
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"number" integer NOT NULL,
	"invoice_number" text NOT NULL,
	"participant_id" uuid NOT NULL,
	"team_id" uuid,
	"payer" jsonb NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"issue_date" date,
	"due_date" date,
	"status" text DEFAULT 'draft' NOT NULL,
	"subtotal_cents" integer DEFAULT 0 NOT NULL,
	"gst_rate" numeric(5, 4) DEFAULT 0 NOT NULL,
	"gst_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer DEFAULT 0 NOT NULL,
	"paid_cents" integer DEFAULT 0 NOT NULL,
	"payment_terms" integer DEFAULT 30 NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"rejection_reason" text,
	"void_reason" text,
	"has_errors" boolean DEFAULT false NOT NULL,
	"line_count" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"submitted_by" uuid,
	"approved_by" uuid,
	"submitted_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "invoices_status_check" CHECK ("invoices"."status" IN ('draft', 'pending-approval', 'approved', 'sent', 'part-paid', 'paid', 'overdue', 'void')),
	CONSTRAINT "invoices_period_check" CHECK ("invoices"."period_to" >= "invoices"."period_from"),
	CONSTRAINT "invoices_money_check" CHECK ("invoices"."subtotal_cents" >= 0 AND "invoices"."gst_cents" >= 0 AND "invoices"."total_cents" >= 0 AND "invoices"."paid_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "tax_invoice" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "card_billing_rules" ADD CONSTRAINT "card_billing_rules_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_batches" ADD CONSTRAINT "claim_batches_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_batches" ADD CONSTRAINT "claim_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_lines" ADD CONSTRAINT "claim_lines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_lines" ADD CONSTRAINT "claim_lines_batch_fk" FOREIGN KEY ("tenant_id","batch_id") REFERENCES "public"."claim_batches"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_lines" ADD CONSTRAINT "claim_lines_invoice_line_fk" FOREIGN KEY ("tenant_id","invoice_line_id") REFERENCES "public"."invoice_lines"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_counters" ADD CONSTRAINT "invoice_counters_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_fk" FOREIGN KEY ("tenant_id","invoice_id") REFERENCES "public"."invoices"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_payments" ADD CONSTRAINT "invoice_payments_invoice_fk" FOREIGN KEY ("tenant_id","invoice_id") REFERENCES "public"."invoices"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_participant_fk" FOREIGN KEY ("tenant_id","participant_id") REFERENCES "public"."participants"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "card_billing_rules_type_category_key" ON "card_billing_rules" USING btree ("tenant_id","card_type","category");--> statement-breakpoint
CREATE UNIQUE INDEX "claim_batches_number_key" ON "claim_batches" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "claim_lines_reference_key" ON "claim_lines" USING btree ("tenant_id","claim_reference");--> statement-breakpoint
CREATE INDEX "claim_lines_batch_idx" ON "claim_lines" USING btree ("tenant_id","batch_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_lines_number_key" ON "invoice_lines" USING btree ("tenant_id","invoice_id","line_number");--> statement-breakpoint
CREATE INDEX "invoice_lines_card_idx" ON "invoice_lines" USING btree ("tenant_id","card_id") WHERE "invoice_lines"."card_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "invoice_payments_invoice_idx" ON "invoice_payments" USING btree ("tenant_id","invoice_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices" USING btree ("tenant_id","number");--> statement-breakpoint
CREATE INDEX "invoices_status_number_idx" ON "invoices" USING btree ("tenant_id","status","number");--> statement-breakpoint
CREATE INDEX "invoices_participant_idx" ON "invoices" USING btree ("tenant_id","participant_id","period_from");--> statement-breakpoint
CREATE INDEX "invoices_due_idx" ON "invoices" USING btree ("tenant_id","due_date");--> statement-breakpoint
CREATE INDEX "invoices_created_by_idx" ON "invoices" USING btree ("tenant_id","created_by","number");--> statement-breakpoint
ALTER TABLE "time_entries" ADD CONSTRAINT "time_entries_invoice_fk" FOREIGN KEY ("tenant_id","invoice_id") REFERENCES "public"."invoices"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Row-level security, the tenant policy and the app role's grants for the new tenant tables.
SELECT wattle_secure_tenant_tables();
