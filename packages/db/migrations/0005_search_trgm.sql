-- Keyword search over stem, options, passage and explanation (ILIKE '%…%' uses this trigram index).
CREATE INDEX IF NOT EXISTS "questions_search_trgm_idx" ON "questions" USING gin ("search_text" gin_trgm_ops);
