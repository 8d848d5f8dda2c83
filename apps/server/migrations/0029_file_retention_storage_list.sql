-- File storage and retention (issue 17 item 1, decision 0029).
-- Each file keeps the retention it was uploaded under: the days its template's required document keeps
-- it for (2555 for any other attachment), whether it may be deleted automatically when that ends, and
-- the moment it ends. The retention job removes the bytes of files past it and sets purged_at.
ALTER TABLE "card_files" ADD COLUMN "retention_days" integer DEFAULT 2555 NOT NULL;--> statement-breakpoint
ALTER TABLE "card_files" ADD COLUMN "auto_delete" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "card_files" ADD COLUMN "delete_after" timestamp with time zone DEFAULT now() + interval '2555 days' NOT NULL;--> statement-breakpoint
ALTER TABLE "card_files" ADD COLUMN "purged_at" timestamp with time zone;--> statement-breakpoint
-- Files uploaded before this migration were kept 2555 days (the default above) from their upload, not
-- from today.
UPDATE "card_files" SET "delete_after" = "created_at" + make_interval(days => "retention_days");--> statement-breakpoint
CREATE INDEX "card_files_tenant_uploaded_idx" ON "card_files" USING btree ("tenant_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "card_files"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "card_files_name_search_idx" ON "card_files" USING gin ("tenant_id","name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "card_files_retention_idx" ON "card_files" USING btree ("tenant_id","delete_after") WHERE "card_files"."purged_at" is null;