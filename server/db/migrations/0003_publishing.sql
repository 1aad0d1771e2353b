CREATE TABLE "publications" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"article_id" integer NOT NULL,
	"site_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"remote_id" text,
	"remote_url" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"media" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"last_sync_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "publish_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"article_id" integer,
	"title" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"attempt" integer DEFAULT 0 NOT NULL,
	"charged" integer DEFAULT 0 NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"remote_id" text,
	"remote_url" text DEFAULT '' NOT NULL,
	"lease_until" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "publish_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"site_id" integer,
	"name" text NOT NULL,
	"post_status" text DEFAULT 'draft' NOT NULL,
	"post_date" timestamp with time zone,
	"category_id" integer,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"schedule_kind" text DEFAULT 'now' NOT NULL,
	"schedule_at" timestamp with time zone,
	"drip_per_day" integer,
	"drip_start" text,
	"drip_end" text,
	"timezone" text,
	"item_cost" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"total" integer NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"cancelled" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "publish_tasks_counts" CHECK ("publish_tasks"."done" + "publish_tasks"."failed" + "publish_tasks"."cancelled" <= "publish_tasks"."total")
);
--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publications" ADD CONSTRAINT "publications_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publish_items" ADD CONSTRAINT "publish_items_task_id_publish_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."publish_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publish_items" ADD CONSTRAINT "publish_items_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publish_items" ADD CONSTRAINT "publish_items_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publish_tasks" ADD CONSTRAINT "publish_tasks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publish_tasks" ADD CONSTRAINT "publish_tasks_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "publications_article_site_key" ON "publications" USING btree ("article_id","site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "publications_idempotency_key" ON "publications" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "publications_site_idx" ON "publications" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "publish_items_task_idx" ON "publish_items" USING btree ("task_id","id");--> statement-breakpoint
CREATE INDEX "publish_items_running_idx" ON "publish_items" USING btree ("status","lease_until");--> statement-breakpoint
CREATE INDEX "publish_items_article_idx" ON "publish_items" USING btree ("article_id");--> statement-breakpoint
CREATE INDEX "publish_tasks_account_idx" ON "publish_tasks" USING btree ("account_id","created_at","id");