CREATE TABLE "notice_deliveries" (
	"notice_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"kind" text NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"publish_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	CONSTRAINT "notice_deliveries_account_id_notice_id_pk" PRIMARY KEY("account_id","notice_id")
);
--> statement-breakpoint
CREATE TABLE "notice_settings" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"low_balance_threshold" integer DEFAULT 0 NOT NULL,
	"low_balance_notified" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"event" text DEFAULT '' NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"audience" text NOT NULL,
	"audience_role" text,
	"audience_accounts" integer[] DEFAULT '{}'::int[] NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"publish_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"created_by" integer,
	"dedupe_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notices_dedupe_key_unique" UNIQUE("dedupe_key")
);
--> statement-breakpoint
CREATE TABLE "work_order_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"work_order_id" integer NOT NULL,
	"author_id" integer,
	"from_operator" boolean DEFAULT false NOT NULL,
	"body" text NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "work_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"category" text NOT NULL,
	"title" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"subject_type" text,
	"subject_id" integer,
	"assignee_id" integer,
	"message_count" integer DEFAULT 1 NOT NULL,
	"last_reply_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_reply_by_operator" boolean DEFAULT false NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "work_orders_status_check" CHECK ("work_orders"."status" in ('open', 'answered', 'closed'))
);
--> statement-breakpoint
ALTER TABLE "notice_deliveries" ADD CONSTRAINT "notice_deliveries_notice_id_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_deliveries" ADD CONSTRAINT "notice_deliveries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notice_settings" ADD CONSTRAINT "notice_settings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_created_by_accounts_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_messages" ADD CONSTRAINT "work_order_messages_work_order_id_work_orders_id_fk" FOREIGN KEY ("work_order_id") REFERENCES "public"."work_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_order_messages" ADD CONSTRAINT "work_order_messages_author_id_accounts_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_assignee_id_accounts_id_fk" FOREIGN KEY ("assignee_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notice_deliveries_account_idx" ON "notice_deliveries" USING btree ("account_id","pinned","publish_at","notice_id");--> statement-breakpoint
CREATE INDEX "notice_deliveries_unread_idx" ON "notice_deliveries" USING btree ("account_id","publish_at","expires_at") WHERE "notice_deliveries"."read_at" is null;--> statement-breakpoint
CREATE INDEX "notice_deliveries_notice_idx" ON "notice_deliveries" USING btree ("notice_id");--> statement-breakpoint
CREATE INDEX "notices_kind_idx" ON "notices" USING btree ("kind","id");--> statement-breakpoint
CREATE INDEX "work_order_messages_order_idx" ON "work_order_messages" USING btree ("work_order_id","id");--> statement-breakpoint
CREATE INDEX "work_orders_account_idx" ON "work_orders" USING btree ("account_id","last_reply_at","id");--> statement-breakpoint
CREATE INDEX "work_orders_status_idx" ON "work_orders" USING btree ("status","created_at","id");