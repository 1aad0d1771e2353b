-- the dashboard's daily roll-ups (schema.ts: ledger_days, article_days, generation_days,
-- key_call_days) stay equal to the rows they count: statement-level triggers on the rows each
-- statement changed, so a bulk insert updates each roll-up row once. A day is the date in the
-- session's time zone (the server sets it to its own, db/connection.ts). Changes that move no
-- count write nothing (an item's lease renewal, an article's body edit).
CREATE FUNCTION ledger_days_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_days (account_id, day, reason, points_in, points_out)
    SELECT account_id, created_at::date, reason, coalesce(sum(delta) FILTER (WHERE delta > 0), 0), coalesce(-sum(delta) FILTER (WHERE delta < 0), 0)
    FROM new_rows GROUP BY 1, 2, 3
    ON CONFLICT (account_id, day, reason) DO UPDATE
      SET points_in = ledger_days.points_in + excluded.points_in, points_out = ledger_days.points_out + excluded.points_out;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER ledger_days_insert AFTER INSERT ON points_ledger REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ledger_days_insert();
--> statement-breakpoint
CREATE FUNCTION article_days_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO article_days (account_id, day, site_id, status, band, n)
    SELECT account_id, created_at::date, coalesce(site_id, 0), status, greatest(0, least(seo_score / 20, 4)), count(*)::int
    FROM new_rows GROUP BY 1, 2, 3, 4, 5
    ON CONFLICT (account_id, day, site_id, status, band) DO UPDATE SET n = article_days.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION article_days_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE article_days d SET n = d.n - o.k
    FROM (SELECT account_id, created_at::date AS day, coalesce(site_id, 0) AS site_id, status, greatest(0, least(seo_score / 20, 4)) AS band, count(*)::int AS k
          FROM old_rows GROUP BY 1, 2, 3, 4, 5) o
    WHERE d.account_id = o.account_id AND d.day = o.day AND d.site_id = o.site_id AND d.status = o.status AND d.band = o.band;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION article_days_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO article_days (account_id, day, site_id, status, band, n)
    SELECT account_id, created_at::date, coalesce(site_id, 0), status, greatest(0, least(seo_score / 20, 4)), sum(k)::int
    FROM (SELECT account_id, created_at, site_id, status, seo_score, 1 AS k FROM new_rows
          UNION ALL SELECT account_id, created_at, site_id, status, seo_score, -1 FROM old_rows) c
    GROUP BY 1, 2, 3, 4, 5 HAVING sum(k) <> 0
    ON CONFLICT (account_id, day, site_id, status, band) DO UPDATE SET n = article_days.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER article_days_insert AFTER INSERT ON articles REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION article_days_insert();
--> statement-breakpoint
CREATE TRIGGER article_days_delete AFTER DELETE ON articles REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION article_days_delete();
--> statement-breakpoint
CREATE TRIGGER article_days_update AFTER UPDATE ON articles REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION article_days_update();
--> statement-breakpoint
CREATE FUNCTION generation_days_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO generation_days (account_id, day, done, failed)
    SELECT account_id, finished_at::date, sum(done)::int, sum(failed)::int
    FROM (SELECT account_id, finished_at, (status = 'done')::int AS done, (status = 'failed')::int AS failed FROM new_rows
            WHERE finished_at IS NOT NULL AND status IN ('done', 'failed')
          UNION ALL SELECT account_id, finished_at, -(status = 'done')::int, -(status = 'failed')::int FROM old_rows
            WHERE finished_at IS NOT NULL AND status IN ('done', 'failed')) c
    GROUP BY 1, 2 HAVING sum(done) <> 0 OR sum(failed) <> 0
    ON CONFLICT (account_id, day) DO UPDATE SET done = generation_days.done + excluded.done, failed = generation_days.failed + excluded.failed;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION generation_days_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO generation_days (account_id, day, done, failed)
    SELECT account_id, finished_at::date, count(*) FILTER (WHERE status = 'done')::int, count(*) FILTER (WHERE status = 'failed')::int
    FROM new_rows WHERE finished_at IS NOT NULL AND status IN ('done', 'failed') GROUP BY 1, 2
    ON CONFLICT (account_id, day) DO UPDATE SET done = generation_days.done + excluded.done, failed = generation_days.failed + excluded.failed;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER generation_days_insert AFTER INSERT ON article_task_items REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION generation_days_insert();
--> statement-breakpoint
CREATE TRIGGER generation_days_update AFTER UPDATE ON article_task_items REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION generation_days_change();
--> statement-breakpoint
CREATE FUNCTION key_call_days_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO key_call_days (account_id, day, n)
    SELECT account_id, created_at::date, count(*)::int FROM new_rows GROUP BY 1, 2
    ON CONFLICT (account_id, day) DO UPDATE SET n = key_call_days.n + excluded.n;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER key_call_days_insert AFTER INSERT ON access_key_log REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION key_call_days_insert();
--> statement-breakpoint
INSERT INTO ledger_days (account_id, day, reason, points_in, points_out)
  SELECT account_id, created_at::date, reason, coalesce(sum(delta) FILTER (WHERE delta > 0), 0), coalesce(-sum(delta) FILTER (WHERE delta < 0), 0)
  FROM points_ledger GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO article_days (account_id, day, site_id, status, band, n)
  SELECT account_id, created_at::date, coalesce(site_id, 0), status, greatest(0, least(seo_score / 20, 4)), count(*)::int FROM articles GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
INSERT INTO generation_days (account_id, day, done, failed)
  SELECT account_id, finished_at::date, count(*) FILTER (WHERE status = 'done')::int, count(*) FILTER (WHERE status = 'failed')::int
  FROM article_task_items WHERE finished_at IS NOT NULL AND status IN ('done', 'failed') GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO key_call_days (account_id, day, n)
  SELECT account_id, created_at::date, count(*)::int FROM access_key_log GROUP BY 1, 2;
