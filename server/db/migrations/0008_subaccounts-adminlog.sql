CREATE TABLE "admin_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer,
	"actor_id" integer,
	"actor_name" text DEFAULT '' NOT NULL,
	"action" text NOT NULL,
	"method" text NOT NULL,
	"route" text NOT NULL,
	"resource" text NOT NULL,
	"resource_id" text,
	"status" integer NOT NULL,
	"code" integer,
	"ip" text,
	"user_agent" text,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "owner_id" integer;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "last_login_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "admin_logs_account_idx" ON "admin_logs" USING btree ("account_id","created_at","id");--> statement-breakpoint
CREATE INDEX "admin_logs_created_idx" ON "admin_logs" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "accounts_owner_idx" ON "accounts" USING btree ("owner_id","created_at");