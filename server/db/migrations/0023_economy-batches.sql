CREATE TABLE "economy_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"step" text NOT NULL,
	"provider_batch_id" text NOT NULL,
	"input_file_id" text NOT NULL,
	"status" text NOT NULL,
	"settled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "economy_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"step" text NOT NULL,
	"body" jsonb NOT NULL,
	"batch_id" integer,
	"answered" boolean DEFAULT false NOT NULL,
	"misses" integer DEFAULT 0 NOT NULL,
	"error" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "article_tasks" ADD COLUMN "economy" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "economy_batches" ADD CONSTRAINT "economy_batches_task_id_article_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."article_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "economy_lines" ADD CONSTRAINT "economy_lines_item_id_article_task_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."article_task_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "economy_lines" ADD CONSTRAINT "economy_lines_task_id_article_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."article_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "economy_lines" ADD CONSTRAINT "economy_lines_batch_id_economy_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."economy_batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "economy_batches_open_idx" ON "economy_batches" USING btree ("task_id") WHERE not "economy_batches"."settled";--> statement-breakpoint
CREATE UNIQUE INDEX "economy_lines_item_step_idx" ON "economy_lines" USING btree ("item_id","step");--> statement-breakpoint
CREATE INDEX "economy_lines_task_idx" ON "economy_lines" USING btree ("task_id","answered");