CREATE INDEX "articles_title_trgm_idx" ON "articles" USING gin ("title" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "articles_keyword_trgm_idx" ON "articles" USING gin ("keyword" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "site_keywords_keyword_trgm_idx" ON "site_keywords" USING gin ("keyword" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "sites_name_trgm_idx" ON "sites" USING gin ("name" gin_trgm_ops);