CREATE TABLE "article_item_progress" (
	"item_id" integer PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"steps" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"wait_until" timestamp with time zone,
	"wait_reason" text DEFAULT '' NOT NULL,
	"waits" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_limits" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"llm_rpm" integer,
	"llm_tpm" integer,
	"llm_concurrency" integer,
	"image_rpm" integer,
	"image_concurrency" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_limits_positive" CHECK (coalesce("provider_limits"."llm_rpm", 1) > 0 and coalesce("provider_limits"."llm_tpm", 1) > 0 and coalesce("provider_limits"."llm_concurrency", 1) > 0 and coalesce("provider_limits"."image_rpm", 1) > 0 and coalesce("provider_limits"."image_concurrency", 1) > 0)
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" varchar(255) PRIMARY KEY NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"expire" bigint
);
--> statement-breakpoint
ALTER TABLE "article_tasks" ADD COLUMN "deadline_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "article_item_progress" ADD CONSTRAINT "article_item_progress_item_id_article_task_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."article_task_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_item_progress" ADD CONSTRAINT "article_item_progress_task_id_article_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."article_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_limits" ADD CONSTRAINT "provider_limits_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "article_item_progress_waiting_idx" ON "article_item_progress" USING btree ("task_id","wait_until") WHERE "article_item_progress"."wait_until" is not null;