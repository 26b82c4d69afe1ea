-- pg_trgm powers substring search (ILIKE '%term%') on titles, descriptions and locations.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
