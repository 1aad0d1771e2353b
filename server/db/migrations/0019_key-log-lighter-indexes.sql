DROP INDEX "access_key_log_key_idx";--> statement-breakpoint
DROP INDEX "access_key_log_created_idx";--> statement-breakpoint
CREATE INDEX "access_key_log_created_brin" ON "access_key_log" USING brin ("created_at");