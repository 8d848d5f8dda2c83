-- Issue 17 (Security settings): an organisation's session idle time and allowed e-mail domains, and a
-- public id for each session so people can see and sign out their sessions without seeing its hash.
ALTER TABLE "tenants" ADD COLUMN "session_idle_minutes" integer;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "allowed_email_domains" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "public_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_public_id_key" ON "sessions" USING btree ("public_id");