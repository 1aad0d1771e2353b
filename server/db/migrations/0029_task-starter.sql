ALTER TABLE "article_tasks" ADD COLUMN "started_by" integer;--> statement-breakpoint
ALTER TABLE "publish_tasks" ADD COLUMN "started_by" integer;--> statement-breakpoint
ALTER TABLE "article_tasks" ADD CONSTRAINT "article_tasks_started_by_accounts_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publish_tasks" ADD CONSTRAINT "publish_tasks_started_by_accounts_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;