CREATE TABLE "crafts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "crafts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"question_id" text NOT NULL,
	"wrong" jsonb,
	"issue" jsonb,
	"collect" jsonb,
	"note" jsonb,
	"card" jsonb,
	"in_higher" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "exam_items" (
	"exam_id" bigint NOT NULL,
	"section_index" smallint NOT NULL,
	"position" smallint NOT NULL,
	"question_id" text NOT NULL,
	"input_kind" text NOT NULL,
	"answer" jsonb,
	"flagged" boolean DEFAULT false NOT NULL,
	"used_time_seconds" integer DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'NotEncountered' NOT NULL,
	"answered_at" timestamp with time zone,
	"correct" boolean,
	CONSTRAINT "exam_items_exam_id_section_index_position_pk" PRIMARY KEY("exam_id","section_index","position")
);
--> statement-breakpoint
CREATE TABLE "exam_sections" (
	"exam_id" bigint NOT NULL,
	"index" smallint NOT NULL,
	"name" text NOT NULL,
	"area" text NOT NULL,
	"part" smallint DEFAULT 0 NOT NULL,
	"book_section" text DEFAULT '' NOT NULL,
	"difficulty" text,
	"time_limit_seconds" integer NOT NULL,
	"used_time_seconds" integer DEFAULT 0 NOT NULL,
	"question_count" smallint NOT NULL,
	"finished" boolean DEFAULT false NOT NULL,
	"result" jsonb,
	CONSTRAINT "exam_sections_exam_id_index_pk" PRIMARY KEY("exam_id","index")
);
--> statement-breakpoint
CREATE TABLE "exams" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "exams_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"template_id" text,
	"user_book_id" bigint,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"status" text DEFAULT 'NotStart' NOT NULL,
	"create_option" jsonb NOT NULL,
	"cursor_section" smallint DEFAULT 0 NOT NULL,
	"cursor_question" smallint DEFAULT 0 NOT NULL,
	"is_auto_commit" boolean DEFAULT true NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"last_beat_at" timestamp with time zone,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "question_stats" (
	"question_id" text PRIMARY KEY NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"correct" integer DEFAULT 0 NOT NULL,
	"time_seconds" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_counters" (
	"user_id" bigint NOT NULL,
	"period" text NOT NULL,
	"subject" text NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "usage_counters_user_id_period_subject_pk" PRIMARY KEY("user_id","period","subject")
);
--> statement-breakpoint
ALTER TABLE "crafts" ADD CONSTRAINT "crafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crafts" ADD CONSTRAINT "crafts_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_items" ADD CONSTRAINT "exam_items_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_items" ADD CONSTRAINT "exam_items_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exam_sections" ADD CONSTRAINT "exam_sections_exam_id_exams_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_template_id_book_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."book_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exams" ADD CONSTRAINT "exams_user_book_id_user_books_id_fk" FOREIGN KEY ("user_book_id") REFERENCES "public"."user_books"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_stats" ADD CONSTRAINT "question_stats_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_counters" ADD CONSTRAINT "usage_counters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "crafts_user_question_uq" ON "crafts" USING btree ("user_id","question_id");--> statement-breakpoint
CREATE INDEX "crafts_user_updated_idx" ON "crafts" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "exam_items_question_idx" ON "exam_items" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "exams_user_idx" ON "exams" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "exams_user_template_idx" ON "exams" USING btree ("user_id","template_id");