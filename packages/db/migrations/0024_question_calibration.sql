CREATE TABLE "question_calibration" (
	"question_id" text PRIMARY KEY NOT NULL,
	"responses" integer NOT NULL,
	"p_correct" double precision NOT NULL,
	"median_seconds" double precision NOT NULL,
	"b" double precision NOT NULL,
	"se" double precision NOT NULL,
	"data_difficulty" text,
	"calibrated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "author_difficulty" text DEFAULT 'medium' NOT NULL;--> statement-breakpoint
ALTER TABLE "question_calibration" ADD CONSTRAINT "question_calibration_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Until now the one difficulty column held the author's label.
UPDATE "questions" SET "author_difficulty" = "difficulty";
