-- Template versions (issue 17 item 2, issue 18 item 6). A tenant's custom templates keep every version
-- in form_template_versions and form_templates.version names the latest; system admins publish
-- templates to every tenant in published_templates with immutable published_template_versions.
-- cards.template_version records the version a card was made with, so later versions never change it.
CREATE TABLE "form_template_versions" (
	"tenant_id" uuid NOT NULL,
	"template_id" text NOT NULL,
	"version" integer NOT NULL,
	"definition" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "form_template_versions_tenant_id_template_id_version_pk" PRIMARY KEY("tenant_id","template_id","version")
);
--> statement-breakpoint
CREATE TABLE "published_template_versions" (
	"template_id" text NOT NULL,
	"version" integer NOT NULL,
	"definition" jsonb NOT NULL,
	"published_by" uuid,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "published_template_versions_template_id_version_pk" PRIMARY KEY("template_id","version")
);
--> statement-breakpoint
CREATE TABLE "published_templates" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"latest_version" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"retired_at" timestamp with time zone,
	"retired_by" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "template_version" integer;--> statement-breakpoint
ALTER TABLE "form_templates" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "form_template_versions" ADD CONSTRAINT "form_template_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_template_versions" ADD CONSTRAINT "form_template_versions_template_fk" FOREIGN KEY ("tenant_id","template_id") REFERENCES "public"."form_templates"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "published_template_versions" ADD CONSTRAINT "published_template_versions_template_id_published_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."published_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "published_template_versions" ADD CONSTRAINT "published_template_versions_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "published_templates" ADD CONSTRAINT "published_templates_retired_by_users_id_fk" FOREIGN KEY ("retired_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "published_templates" ADD CONSTRAINT "published_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Each existing custom template's definition becomes its version 1, and the cards made from it keep it.
INSERT INTO "form_template_versions" ("tenant_id", "template_id", "version", "definition", "created_by", "created_at")
  SELECT "tenant_id", "id", 1, "definition", "created_by", "created_at" FROM "form_templates";--> statement-breakpoint
UPDATE "cards" SET "template_version" = 1
  WHERE "template_id" IS NOT NULL
    AND EXISTS (SELECT 1 FROM "form_templates" t WHERE t."tenant_id" = "cards"."tenant_id" AND t."id" = "cards"."template_id");--> statement-breakpoint
-- Row-level security, the tenant policy and the app role's grants for form_template_versions.
SELECT wattle_secure_tenant_tables();--> statement-breakpoint
-- Published templates are shared by every tenant: the app role reads them; only the platform
-- service, which checks the caller is a system admin, writes them (outside tenant scope).
GRANT SELECT ON "published_templates", "published_template_versions" TO wattle_app;
