-- Two-character Chinese terms (概率, 面积) have no trigram, so the trigram index cannot narrow a LIKE on them and the
-- search scanned the table. Every pair of adjacent CJK characters of search_text, kept in a generated column with a
-- GIN index, finds them instead: `search_bigrams @> array['概率']` holds exactly when search_text contains 概率.
-- Generated in the database, so the importer, the re-import and any bulk insert keep it without code of their own.
CREATE OR REPLACE FUNCTION cjk_bigrams(t text) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT substr(m.run[1], i, 2)), '{}'::text[])
  FROM regexp_matches(t, '([\u3400-\u9fff\uf900-\ufaff]{2,})', 'g') AS m(run), generate_series(1, char_length(m.run[1]) - 1) AS i
$$;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN IF NOT EXISTS "search_bigrams" text[] GENERATED ALWAYS AS (cjk_bigrams("search_text")) STORED;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "questions_search_bigrams_idx" ON "questions" USING gin ("search_bigrams");
