-- Mention notifications link to their card (notifications.card_id); a reply's parent comment is a
-- foreign key including tenant_id (DESIGN.md section 3). Comments are deleted softly, and rows go
-- only with their card or tenant (the whole thread at once), so both foreign keys cascade.
ALTER TABLE "notifications" ADD COLUMN "card_id" uuid;--> statement-breakpoint
ALTER TABLE "card_comments" ADD CONSTRAINT "card_comments_parent_comment_fk" FOREIGN KEY ("tenant_id","parent_comment_id") REFERENCES "public"."card_comments"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_card_fk" FOREIGN KEY ("tenant_id","card_id") REFERENCES "public"."cards"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_comments_parent_idx" ON "card_comments" USING btree ("tenant_id","parent_comment_id") WHERE "card_comments"."parent_comment_id" is not null;--> statement-breakpoint
CREATE INDEX "notifications_card_idx" ON "notifications" USING btree ("tenant_id","card_id") WHERE "notifications"."card_id" is not null;--> statement-breakpoint
SELECT wattle_secure_tenant_tables();
