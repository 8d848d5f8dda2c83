CREATE TABLE "card_comments" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"user_id" uuid,
	"user_role" text NOT NULL,
	"type" text DEFAULT 'general' NOT NULL,
	"content" text NOT NULL,
	"is_internal" boolean DEFAULT false NOT NULL,
	"mentions" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"parent_comment_id" uuid,
	"reactions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"edited_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "card_comments_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "card_files" (
	"tenant_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"name" text NOT NULL,
	"original_name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category" text DEFAULT 'attachment' NOT NULL,
	"format" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"checksum" text NOT NULL,
	"storage_key" text NOT NULL,
	"is_confidential" boolean DEFAULT false NOT NULL,
	"requirement_id" text,
	"virus_scan_status" text DEFAULT 'not-scanned' NOT NULL,
	"download_count" integer DEFAULT 0 NOT NULL,
	"last_accessed_at" timestamp with time zone,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "card_files_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "cards" ADD COLUMN "board_position" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "card_comments" ADD CONSTRAINT "card_comments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_comments" ADD CONSTRAINT "card_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_comments" ADD CONSTRAINT "card_comments_tenant_id_card_id_cards_tenant_id_id_fk" FOREIGN KEY ("tenant_id","card_id") REFERENCES "public"."cards"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_files" ADD CONSTRAINT "card_files_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_files" ADD CONSTRAINT "card_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_files" ADD CONSTRAINT "card_files_tenant_id_card_id_cards_tenant_id_id_fk" FOREIGN KEY ("tenant_id","card_id") REFERENCES "public"."cards"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_comments_card_idx" ON "card_comments" USING btree ("tenant_id","card_id","created_at");--> statement-breakpoint
CREATE INDEX "card_files_card_idx" ON "card_files" USING btree ("tenant_id","card_id");--> statement-breakpoint
-- Existing cards keep their creation order in their board column (new cards take number x 1024 too).
UPDATE "cards" SET "board_position" = "number" * 1024;--> statement-breakpoint
SELECT wattle_secure_tenant_tables();
