CREATE TABLE "essays" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"question_id" text NOT NULL,
	"exam_id" bigint,
	"answer" text NOT NULL,
	"status" text DEFAULT 'Judging' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"quota_taken" boolean DEFAULT false NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"machine" jsonb,
	"model" jsonb,
	"score" numeric(2, 1),
	"band_low" numeric(2, 1),
	"band_high" numeric(2, 1),
	"needs_teacher" boolean DEFAULT false NOT NULL,
	"teacher_id" bigint,
	"teacher_score" numeric(2, 1),
	"teacher_comment" text,
	"teacher_at" timestamp with time zone,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"judged_at" timestamp with time zone,
	CONSTRAINT "essays_status_ck" CHECK ("essays"."status" in ('Empty', 'Judging', 'Finished', 'Failed')),
	CONSTRAINT "essays_progress_ck" CHECK ("essays"."progress" between 0 and 100),
	CONSTRAINT "essays_scores_ck" CHECK (("essays"."score" is null or "essays"."score" between 0 and 6) and ("essays"."teacher_score" is null or "essays"."teacher_score" between 0 and 6))
);
--> statement-breakpoint
ALTER TABLE "essays" ADD CONSTRAINT "essays_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "essays" ADD CONSTRAINT "essays_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "essays" ADD CONSTRAINT "essays_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "essays" ADD CONSTRAINT "essays_teacher_id_users_id_fk" FOREIGN KEY ("teacher_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "essays_user_idx" ON "essays" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "essays_question_idx" ON "essays" USING btree ("question_id","status");--> statement-breakpoint
CREATE INDEX "essays_exam_idx" ON "essays" USING btree ("exam_id");--> statement-breakpoint
CREATE INDEX "essays_queue_idx" ON "essays" USING btree ("needs_teacher","created_at") WHERE "essays"."teacher_score" is null and "essays"."status" = 'Finished';--> statement-breakpoint
CREATE INDEX "trades_created_idx" ON "trades" USING btree ("created_at","id");