CREATE TABLE "access_key_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"key_id" integer NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"status" integer NOT NULL,
	"ip" text,
	"duration_ms" integer NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "access_key_usage" (
	"key_id" integer PRIMARY KEY NOT NULL,
	"last_used_at" timestamp with time zone NOT NULL,
	"last_used_ip" text
);
--> statement-breakpoint
CREATE TABLE "access_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"secret_hash" text NOT NULL,
	"old_secret_hash" text,
	"old_secret_ends_at" timestamp with time zone,
	"scopes" text[] NOT NULL,
	"allowed_ips" text[] DEFAULT '{}'::text[] NOT NULL,
	"rate_limit" integer,
	"expires_at" timestamp with time zone,
	"disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "invite_registrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"inviter_id" integer NOT NULL,
	"invitee_id" integer NOT NULL,
	"ip" text,
	"inviter_points" integer DEFAULT 0 NOT NULL,
	"invitee_points" integer DEFAULT 0 NOT NULL,
	"withheld_reason" text,
	"first_topup_points" integer DEFAULT 0 NOT NULL,
	"first_topup_rewarded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "access_key_log" ADD CONSTRAINT "access_key_log_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_key_log" ADD CONSTRAINT "access_key_log_key_id_access_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."access_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_key_usage" ADD CONSTRAINT "access_key_usage_key_id_access_keys_id_fk" FOREIGN KEY ("key_id") REFERENCES "public"."access_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "access_keys" ADD CONSTRAINT "access_keys_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_registrations" ADD CONSTRAINT "invite_registrations_inviter_id_accounts_id_fk" FOREIGN KEY ("inviter_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invite_registrations" ADD CONSTRAINT "invite_registrations_invitee_id_accounts_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_key_log_account_idx" ON "access_key_log" USING btree ("account_id","created_at","id");--> statement-breakpoint
CREATE INDEX "access_key_log_key_idx" ON "access_key_log" USING btree ("key_id","created_at");--> statement-breakpoint
CREATE INDEX "access_key_log_created_idx" ON "access_key_log" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "access_keys_secret_hash_key" ON "access_keys" USING btree ("secret_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "access_keys_old_secret_hash_key" ON "access_keys" USING btree ("old_secret_hash");--> statement-breakpoint
CREATE INDEX "access_keys_account_idx" ON "access_keys" USING btree ("account_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "invite_registrations_invitee_key" ON "invite_registrations" USING btree ("invitee_id");--> statement-breakpoint
CREATE INDEX "invite_registrations_inviter_idx" ON "invite_registrations" USING btree ("inviter_id","created_at","id");--> statement-breakpoint
CREATE INDEX "invite_registrations_inviter_ip_idx" ON "invite_registrations" USING btree ("inviter_id","ip","created_at");