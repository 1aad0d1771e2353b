ALTER TABLE "article_tasks" ADD COLUMN "interactive_fallback" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "economy_batches" ADD COLUMN "lines" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "economy_batches" ADD COLUMN "answered" integer DEFAULT 0 NOT NULL;