ALTER TABLE "access_key_log" DROP CONSTRAINT "access_key_log_account_id_accounts_id_fk";
--> statement-breakpoint
ALTER TABLE "access_key_log" DROP CONSTRAINT "access_key_log_key_id_access_keys_id_fk";
