CREATE TABLE "article_days" (
	"account_id" integer NOT NULL,
	"day" date NOT NULL,
	"site_id" integer NOT NULL,
	"status" text NOT NULL,
	"band" integer NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "article_days_account_id_day_site_id_status_band_pk" PRIMARY KEY("account_id","day","site_id","status","band")
);
--> statement-breakpoint
CREATE TABLE "generation_days" (
	"account_id" integer NOT NULL,
	"day" date NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "generation_days_account_id_day_pk" PRIMARY KEY("account_id","day")
);
--> statement-breakpoint
CREATE TABLE "key_call_days" (
	"account_id" integer NOT NULL,
	"day" date NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "key_call_days_account_id_day_pk" PRIMARY KEY("account_id","day")
);
--> statement-breakpoint
CREATE TABLE "ledger_days" (
	"account_id" integer NOT NULL,
	"day" date NOT NULL,
	"reason" text NOT NULL,
	"points_in" bigint DEFAULT 0 NOT NULL,
	"points_out" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ledger_days_account_id_day_reason_pk" PRIMARY KEY("account_id","day","reason")
);
--> statement-breakpoint
CREATE INDEX "article_days_day_idx" ON "article_days" USING btree ("day");--> statement-breakpoint
CREATE INDEX "generation_days_day_idx" ON "generation_days" USING btree ("day");--> statement-breakpoint
CREATE INDEX "key_call_days_day_idx" ON "key_call_days" USING btree ("day");--> statement-breakpoint
CREATE INDEX "ledger_days_day_idx" ON "ledger_days" USING btree ("day");