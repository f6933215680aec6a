ALTER TABLE "flash_cards" DROP CONSTRAINT "flash_cards_stage_ck";--> statement-breakpoint
ALTER TABLE "flashes" ADD COLUMN "round_cards" jsonb;--> statement-breakpoint
ALTER TABLE "flashes" ADD COLUMN "stages" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "flashes" ADD COLUMN "misses" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
-- Each deck's card states move into its row, in deck order (decision 036).
UPDATE "flashes" f SET "stages" = c."stages", "misses" = c."misses"
FROM (
  SELECT "flash_id", array_agg("stage" ORDER BY "position") AS "stages", array_agg("misses" ORDER BY "position") AS "misses"
  FROM "flash_cards" GROUP BY "flash_id"
) c
WHERE c."flash_id" = f."id";--> statement-breakpoint
-- A running round keeps, per card, how it is graded, where it sits in the deck and where it was found; what its cards
-- show moves beside it, so finishing it reads and parses none of that.
UPDATE "flashes" f SET "round_cards" = f."round"->'items', "round" = (f."round" - 'items') || jsonb_build_object(
  'keys', coalesce((
    SELECT jsonb_agg(jsonb_build_object(
      'quiz', CASE WHEN jsonb_typeof(x.i->'quiz') = 'object' THEN jsonb_build_object('answer', x.i->'quiz'->'answer') END,
      'recall', CASE WHEN jsonb_typeof(x.i->'recall') = 'object'
        THEN jsonb_build_object('accepted', x.i->'recall'->'accepted', 'answer', x.i->'recall'->'answer') END)
      ORDER BY x.n)
    FROM jsonb_array_elements(f."round"->'items') WITH ORDINALITY AS x(i, n)), '[]'::jsonb),
  'positions', coalesce((
    SELECT jsonb_agg(c."position" ORDER BY x.n)
    FROM jsonb_array_elements(f."round"->'runtimes') WITH ORDINALITY AS x(r, n)
    JOIN "flash_cards" c ON c."flash_id" = f."id" AND c."word" = x.r->>'word'), '[]'::jsonb),
  'sources', coalesce((
    SELECT jsonb_agg(c."source_qid" ORDER BY x.n)
    FROM jsonb_array_elements(f."round"->'runtimes') WITH ORDINALITY AS x(r, n)
    JOIN "flash_cards" c ON c."flash_id" = f."id" AND c."word" = x.r->>'word'), '[]'::jsonb))
WHERE f."round" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "flash_cards" DROP COLUMN "stage";--> statement-breakpoint
ALTER TABLE "flash_cards" DROP COLUMN "misses";--> statement-breakpoint
ALTER TABLE "flash_cards" DROP COLUMN "updated_at";--> statement-breakpoint
ALTER TABLE "flashes" ADD CONSTRAINT "flashes_round_ck" CHECK (("flashes"."round" is null) = ("flashes"."round_cards" is null));--> statement-breakpoint
ALTER TABLE "flashes" ADD CONSTRAINT "flashes_cards_ck" CHECK (cardinality("flashes"."stages") = "flashes"."all_card_count" and cardinality("flashes"."misses") = "flashes"."all_card_count"
        and "flashes"."stages" <@ array['NotSeen', 'Learn', 'Quiz', 'Exam', 'Master']);--> statement-breakpoint
-- Room on each page for a deck's next version, so a round's update stays on its page (a heap-only update).
ALTER TABLE "flashes" SET (fillfactor = 80);
