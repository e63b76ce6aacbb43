-- Substring search (the page call's "contains" filters, ILIKE '%x%') can use trigram GIN indexes.
-- pg_trgm ships with PostgreSQL's contrib and with PGlite (loaded in server/db/open.ts); it is a
-- trusted extension, so the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
