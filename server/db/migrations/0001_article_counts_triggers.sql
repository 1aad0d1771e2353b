-- article_counts stays equal to the articles: statement-level triggers on the rows each statement
-- changed, so a bulk insert updates each counter once. List totals read these counters instead of
-- counting rows (server/db/articleCounts.ts).
CREATE FUNCTION articles_count_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO article_counts (account_id, site_id, status, n)
    SELECT account_id, coalesce(site_id, 0), status, count(*)::int FROM new_rows GROUP BY 1, 2, 3
    ON CONFLICT (account_id, site_id, status) DO UPDATE SET n = article_counts.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION articles_count_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE article_counts c SET n = c.n - d.k
    FROM (SELECT account_id, coalesce(site_id, 0) AS site_id, status, count(*)::int AS k FROM old_rows GROUP BY 1, 2, 3) d
    WHERE c.account_id = d.account_id AND c.site_id = d.site_id AND c.status = d.status;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION articles_count_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE article_counts c SET n = c.n - d.k
    FROM (SELECT account_id, coalesce(site_id, 0) AS site_id, status, count(*)::int AS k FROM old_rows GROUP BY 1, 2, 3) d
    WHERE c.account_id = d.account_id AND c.site_id = d.site_id AND c.status = d.status;
  INSERT INTO article_counts (account_id, site_id, status, n)
    SELECT account_id, coalesce(site_id, 0), status, count(*)::int FROM new_rows GROUP BY 1, 2, 3
    ON CONFLICT (account_id, site_id, status) DO UPDATE SET n = article_counts.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER articles_count_insert AFTER INSERT ON articles REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION articles_count_insert();
--> statement-breakpoint
CREATE TRIGGER articles_count_delete AFTER DELETE ON articles REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION articles_count_delete();
--> statement-breakpoint
CREATE TRIGGER articles_count_update AFTER UPDATE ON articles REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION articles_count_update();
--> statement-breakpoint
INSERT INTO article_counts (account_id, site_id, status, n)
  SELECT account_id, coalesce(site_id, 0), status, count(*)::int FROM articles GROUP BY 1, 2, 3;
