ALTER TABLE "exam_sections" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
-- The open section of every exam under way started as many seconds ago as it has used, so no running clock jumps.
UPDATE "exam_sections" s SET "started_at" = now() - make_interval(secs => s."used_time_seconds")
FROM "exams" e
WHERE e."id" = s."exam_id" AND e."status" IN ('Start', 'PartCompleted') AND NOT s."finished"
  AND s."index" = (SELECT min(x."index") FROM "exam_sections" x WHERE x."exam_id" = s."exam_id" AND NOT x."finished");
