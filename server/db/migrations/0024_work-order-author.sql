ALTER TABLE "work_orders" ADD COLUMN "author_id" integer;--> statement-breakpoint
ALTER TABLE "work_orders" ADD CONSTRAINT "work_orders_author_id_accounts_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Work orders opened before this was recorded were opened in the owner's name.
UPDATE "work_orders" SET "author_id" = "account_id";