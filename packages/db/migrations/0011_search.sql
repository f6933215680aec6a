-- /api/search, words scope: GRE list words (category 5) by the beginning of the headword, any case. A partial index
-- holds only the few thousand words, and text_pattern_ops lets LIKE 'aba%' walk it whatever the database collation.
CREATE INDEX IF NOT EXISTS "questions_word_prefix_idx" ON "questions" USING btree (lower("inquiry") text_pattern_ops) WHERE "category" = 5;
