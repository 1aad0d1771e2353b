ALTER TABLE "publish_tasks" DROP CONSTRAINT "publish_tasks_counts";--> statement-breakpoint
ALTER TABLE "publish_items" ADD COLUMN "seo_score" integer;--> statement-breakpoint
ALTER TABLE "publish_tasks" ADD COLUMN "source_task_id" integer;--> statement-breakpoint
ALTER TABLE "publish_tasks" ADD COLUMN "awaiting_source" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "publish_tasks" ADD COLUMN "min_seo_score" integer;--> statement-breakpoint
ALTER TABLE "publish_tasks" ADD COLUMN "skipped" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "publish_tasks" ADD CONSTRAINT "publish_tasks_source_task_id_article_tasks_id_fk" FOREIGN KEY ("source_task_id") REFERENCES "public"."article_tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "publish_items_task_article_key" ON "publish_items" USING btree ("task_id","article_id");--> statement-breakpoint
CREATE INDEX "publish_tasks_source_idx" ON "publish_tasks" USING btree ("source_task_id") WHERE "publish_tasks"."awaiting_source";--> statement-breakpoint
ALTER TABLE "publish_tasks" ADD CONSTRAINT "publish_tasks_counts" CHECK ("publish_tasks"."done" + "publish_tasks"."failed" + "publish_tasks"."cancelled" + "publish_tasks"."skipped" <= "publish_tasks"."total");