CREATE TABLE "card_file_tallies" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"n" integer NOT NULL
);
