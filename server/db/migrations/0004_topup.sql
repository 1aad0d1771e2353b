CREATE TABLE "payment_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "recharge_code_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"points" integer NOT NULL,
	"count" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recharge_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"code" text NOT NULL,
	"points" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"redeemed_by" integer,
	"redeemed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recharge_codes_code_unique" UNIQUE("code"),
	CONSTRAINT "recharge_codes_points_positive" CHECK ("recharge_codes"."points" > 0)
);
--> statement-breakpoint
CREATE TABLE "topup_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"package_id" integer,
	"channel" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount_cents" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"points" integer NOT NULL,
	"provider_ref" text,
	"pay_url" text DEFAULT '' NOT NULL,
	"code_id" integer,
	"paid_at" timestamp with time zone,
	"credited_at" timestamp with time zone,
	"refunded_at" timestamp with time zone,
	"owed_points" integer DEFAULT 0 NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "topup_orders_code_id_unique" UNIQUE("code_id"),
	CONSTRAINT "topup_orders_points_positive" CHECK ("topup_orders"."points" > 0)
);
--> statement-breakpoint
CREATE TABLE "topup_packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"price_cents" integer NOT NULL,
	"currency" text DEFAULT 'usd' NOT NULL,
	"points" integer NOT NULL,
	"bonus_points" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "topup_packages_price_positive" CHECK ("topup_packages"."price_cents" > 0),
	CONSTRAINT "topup_packages_points_positive" CHECK ("topup_packages"."points" > 0 and "topup_packages"."bonus_points" >= 0)
);
--> statement-breakpoint
ALTER TABLE "recharge_code_batches" ADD CONSTRAINT "recharge_code_batches_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharge_codes" ADD CONSTRAINT "recharge_codes_batch_id_recharge_code_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."recharge_code_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recharge_codes" ADD CONSTRAINT "recharge_codes_redeemed_by_accounts_id_fk" FOREIGN KEY ("redeemed_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topup_orders" ADD CONSTRAINT "topup_orders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topup_orders" ADD CONSTRAINT "topup_orders_package_id_topup_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."topup_packages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recharge_codes_batch_idx" ON "recharge_codes" USING btree ("batch_id","id");--> statement-breakpoint
CREATE INDEX "topup_orders_account_idx" ON "topup_orders" USING btree ("account_id","created_at","id");--> statement-breakpoint
CREATE INDEX "topup_orders_created_idx" ON "topup_orders" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "topup_orders_provider_ref_key" ON "topup_orders" USING btree ("channel","provider_ref");--> statement-breakpoint
CREATE INDEX "article_task_items_account_finished_idx" ON "article_task_items" USING btree ("account_id","finished_at");--> statement-breakpoint
CREATE INDEX "article_task_items_finished_idx" ON "article_task_items" USING btree ("finished_at");--> statement-breakpoint
CREATE INDEX "articles_created_idx" ON "articles" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "points_ledger_created_idx" ON "points_ledger" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sessions_created_idx" ON "sessions" USING btree ("created_at","account_id");