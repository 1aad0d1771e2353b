-- every process on PostgreSQL keeps sessions, keys and permissions in memory and drops
-- them when one of these tables is written, by this process or any other: each write is announced
-- on a channel (server/db/watchedTables.ts), delivered when its transaction commits.
CREATE OR REPLACE FUNCTION inkpress_watched_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('inkpress_watched_writes', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_watched_write AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION inkpress_watched_write();
--> statement-breakpoint
CREATE TRIGGER accounts_watched_write AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON accounts FOR EACH STATEMENT EXECUTE FUNCTION inkpress_watched_write();
--> statement-breakpoint
CREATE TRIGGER account_roles_watched_write AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON account_roles FOR EACH STATEMENT EXECUTE FUNCTION inkpress_watched_write();
--> statement-breakpoint
CREATE TRIGGER roles_watched_write AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON roles FOR EACH STATEMENT EXECUTE FUNCTION inkpress_watched_write();
--> statement-breakpoint
CREATE TRIGGER access_keys_watched_write AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON access_keys FOR EACH STATEMENT EXECUTE FUNCTION inkpress_watched_write();
--> statement-breakpoint
CREATE TRIGGER menus_watched_write AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON menus FOR EACH STATEMENT EXECUTE FUNCTION inkpress_watched_write();
--> statement-breakpoint
CREATE TRIGGER access_entries_watched_write AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON access_entries FOR EACH STATEMENT EXECUTE FUNCTION inkpress_watched_write();
