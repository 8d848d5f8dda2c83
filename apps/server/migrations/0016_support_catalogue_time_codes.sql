CREATE TABLE "support_catalogues" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"year_label" text NOT NULL,
	"effective_from" date NOT NULL,
	"source_file_name" text NOT NULL,
	"item_count" integer NOT NULL,
	"imported_by" uuid,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_catalogues_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "support_items" (
	"tenant_id" uuid NOT NULL,
	"catalogue_id" uuid NOT NULL,
	"number" text NOT NULL,
	"name" text NOT NULL,
	"registration_group_number" text NOT NULL,
	"registration_group_name" text NOT NULL,
	"category_number" text NOT NULL,
	"category_name" text NOT NULL,
	"unit" text NOT NULL,
	"quote_required" boolean NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"price_act_cents" integer,
	"price_nsw_cents" integer,
	"price_nt_cents" integer,
	"price_qld_cents" integer,
	"price_sa_cents" integer,
	"price_tas_cents" integer,
	"price_vic_cents" integer,
	"price_wa_cents" integer,
	"price_remote_cents" integer,
	"price_very_remote_cents" integer,
	"non_face_to_face" boolean NOT NULL,
	"provider_travel" boolean NOT NULL,
	"short_notice_cancellations" boolean NOT NULL,
	"ndia_requested_reports" boolean NOT NULL,
	"irregular_sil" boolean NOT NULL,
	CONSTRAINT "support_items_tenant_id_catalogue_id_number_start_date_pk" PRIMARY KEY("tenant_id","catalogue_id","number","start_date")
);
--> statement-breakpoint
CREATE TABLE "time_codes" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"code" text NOT NULL,
	"description" text NOT NULL,
	"category" text NOT NULL,
	"hourly_rate_cents" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_codes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "time_codes_rate_positive" CHECK ("time_codes"."hourly_rate_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "support_catalogues" ADD CONSTRAINT "support_catalogues_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_catalogues" ADD CONSTRAINT "support_catalogues_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_items" ADD CONSTRAINT "support_items_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_items" ADD CONSTRAINT "support_items_catalogue_fk" FOREIGN KEY ("tenant_id","catalogue_id") REFERENCES "public"."support_catalogues"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_codes" ADD CONSTRAINT "time_codes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_codes" ADD CONSTRAINT "time_codes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "support_catalogues_year_key" ON "support_catalogues" USING btree ("tenant_id","year_label");--> statement-breakpoint
CREATE INDEX "support_catalogues_effective_idx" ON "support_catalogues" USING btree ("tenant_id","effective_from");--> statement-breakpoint
CREATE UNIQUE INDEX "time_codes_code_key" ON "time_codes" USING btree ("tenant_id","code");--> statement-breakpoint
-- Row-level security, forced, with the tenant policy and the app role's grants, on the three new tenant tables.
SELECT wattle_secure_tenant_tables();