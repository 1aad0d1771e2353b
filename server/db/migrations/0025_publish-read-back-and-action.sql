ALTER TABLE "publications" ADD COLUMN "verification" jsonb;--> statement-breakpoint
ALTER TABLE "publish_tasks" ADD COLUMN "action" text DEFAULT 'publish' NOT NULL;