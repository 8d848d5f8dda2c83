-- People watching a card (issue 18): told in the inbox of its new comments, as the assignee is.
CREATE TABLE "card_watchers" (
	"tenant_id" uuid NOT NULL,
	"card_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_watchers_tenant_id_card_id_user_id_pk" PRIMARY KEY("tenant_id","card_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "card_watchers" ADD CONSTRAINT "card_watchers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_watchers" ADD CONSTRAINT "card_watchers_card_fk" FOREIGN KEY ("tenant_id","card_id") REFERENCES "public"."cards"("tenant_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "card_watchers_user_idx" ON "card_watchers" USING btree ("tenant_id","user_id");
--> statement-breakpoint
SELECT wattle_secure_tenant_tables();
