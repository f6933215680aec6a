CREATE TABLE "question_counts" (
	"tag" text DEFAULT '' NOT NULL,
	"category" smallint NOT NULL,
	"visibility" text NOT NULL,
	"kind" text NOT NULL,
	"difficulty" text NOT NULL,
	"topic" text DEFAULT '' NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "question_counts_tag_category_visibility_kind_difficulty_topic_pk" PRIMARY KEY("tag","category","visibility","kind","difficulty","topic")
);
--> statement-breakpoint
DROP INDEX "questions_filter_idx";--> statement-breakpoint
DROP INDEX "questions_list_idx";--> statement-breakpoint
-- A keyword search rereads the search text of every candidate row the trigram index returns. Kept in the row
-- (MAIN) instead of the TOAST table, and lz4-compressed where the server has lz4, that recheck costs a half to a third.
-- Rows take it on when next written (every content import rewrites them).
ALTER TABLE "questions" ALTER COLUMN "search_text" SET STORAGE MAIN;--> statement-breakpoint
DO $$ BEGIN
  ALTER TABLE "questions" ALTER COLUMN "search_text" SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
  NULL; -- PGlite is built without lz4: pglz it stays.
END $$;--> statement-breakpoint
-- The big bank's list order, read from the index alone: a page walks (category, id) and checks every other filter
-- on the included columns, touching the table only for the rows it returns. Replaces the two indexes dropped above.
CREATE INDEX "questions_bank_idx" ON "questions" USING btree ("category", "id") INCLUDE ("visibility", "kind", "difficulty", "topic", "tags");--> statement-breakpoint
-- question_counts follows every change to questions, a statement at a time: the rows a statement inserted count up,
-- the rows it deleted count down, an update does both. One row per filter combination and tag ('' = all); rows that
-- fall to zero stay (a sum does not notice them, and the next import fills them again).
CREATE FUNCTION "question_counts_track"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM question_counts;
    RETURN NULL;
  END IF;
  -- Each kind of trigger sees only its own transition tables, so the rows are named in dynamic SQL.
  changed := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT category, visibility, kind, difficulty, topic, tags, 1 AS sign FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT category, visibility, kind, difficulty, topic, tags, -1 AS sign FROM old_rows'
    ELSE 'SELECT category, visibility, kind, difficulty, topic, tags, 1 AS sign FROM new_rows
          UNION ALL SELECT category, visibility, kind, difficulty, topic, tags, -1 FROM old_rows'
  END;
  EXECUTE format($sql$
    INSERT INTO question_counts AS c (tag, category, visibility, kind, difficulty, topic, n)
    SELECT f.tag, d.category, d.visibility, d.kind, d.difficulty, coalesce(d.topic, ''), sum(d.sign)
    FROM (%s) d
    CROSS JOIN LATERAL (SELECT DISTINCT unnest(ARRAY[''] || d.tags) AS tag) f
    GROUP BY 1, 2, 3, 4, 5, 6
    HAVING sum(d.sign) <> 0
    ORDER BY 1, 2, 3, 4, 5, 6
    ON CONFLICT (tag, category, visibility, kind, difficulty, topic) DO UPDATE SET n = c.n + excluded.n
  $sql$, changed);
  RETURN NULL;
END $$;--> statement-breakpoint
-- One order (ORDER BY above) for every writer, so two imports touching the same rows wait instead of deadlocking.
CREATE TRIGGER "question_counts_insert" AFTER INSERT ON "questions" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION question_counts_track();--> statement-breakpoint
CREATE TRIGGER "question_counts_update" AFTER UPDATE ON "questions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION question_counts_track();--> statement-breakpoint
CREATE TRIGGER "question_counts_delete" AFTER DELETE ON "questions" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION question_counts_track();--> statement-breakpoint
CREATE TRIGGER "question_counts_truncate" AFTER TRUNCATE ON "questions" FOR EACH STATEMENT EXECUTE FUNCTION question_counts_track();--> statement-breakpoint
-- The bank as it stands when this migration runs.
INSERT INTO question_counts (tag, category, visibility, kind, difficulty, topic, n)
SELECT f.tag, q.category, q.visibility, q.kind, q.difficulty, coalesce(q.topic, ''), count(*)
FROM questions q CROSS JOIN LATERAL (SELECT DISTINCT unnest(ARRAY[''] || q.tags) AS tag) f
GROUP BY 1, 2, 3, 4, 5, 6;
