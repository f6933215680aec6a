CREATE TABLE "question_opens" (
	"user_id" bigint NOT NULL,
	"day" text NOT NULL,
	"question_id" text NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "question_opens_user_id_day_question_id_pk" PRIMARY KEY("user_id","day","question_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "exam_ets_mode" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "exam_items" ADD COLUMN "checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "question_opens" ADD CONSTRAINT "question_opens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_opens" ADD CONSTRAINT "question_opens_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;