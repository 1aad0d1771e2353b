-- trigram indexes serve the lists' "part of the text" searches (ILIKE '%…%').
-- pg_trgm is a trusted extension (PostgreSQL 13+): the database's owner may create it. On the
-- embedded database PGlite loads it from @electric-sql/pglite/contrib/pg_trgm (db/connection.ts).
-- It must come before the migration that creates the gin_trgm_ops indexes (schema.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
