CREATE TABLE "card_reviews" (
	"user_id" bigint NOT NULL,
	"word" text NOT NULL,
	"schedule" jsonb NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"source_qid" text,
	"last_reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_reviews_user_id_word_pk" PRIMARY KEY("user_id","word")
);
--> statement-breakpoint
CREATE TABLE "flash_cards" (
	"flash_id" bigint NOT NULL,
	"word" text NOT NULL,
	"position" integer NOT NULL,
	"source_qid" text,
	"stage" text DEFAULT 'NotSeen' NOT NULL,
	"misses" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flash_cards_flash_id_word_pk" PRIMARY KEY("flash_id","word"),
	CONSTRAINT "flash_cards_stage_ck" CHECK ("flash_cards"."stage" in ('NotSeen', 'Learn', 'Quiz', 'Exam', 'Master'))
);
--> statement-breakpoint
CREATE TABLE "flashes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'NotStart' NOT NULL,
	"range_kind" integer NOT NULL,
	"scope" text DEFAULT '' NOT NULL,
	"all_card_count" integer NOT NULL,
	"round_index" integer DEFAULT 0 NOT NULL,
	"round_count" integer DEFAULT 0 NOT NULL,
	"round" jsonb,
	"gave_up" boolean DEFAULT false NOT NULL,
	"coins_spent" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "flashes_status_ck" CHECK ("flashes"."status" in ('NotStart', 'Start', 'Finish')),
	CONSTRAINT "flashes_counts_ck" CHECK ("flashes"."all_card_count" >= 0 and "flashes"."coins_spent" >= 0)
);
--> statement-breakpoint
CREATE TABLE "word_encounters" (
	"user_id" bigint NOT NULL,
	"word" text NOT NULL,
	"question_id" text NOT NULL,
	"sentence" text NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"first_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "word_encounters_user_id_word_question_id_pk" PRIMARY KEY("user_id","word","question_id")
);
--> statement-breakpoint
ALTER TABLE "card_reviews" ADD CONSTRAINT "card_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flash_cards" ADD CONSTRAINT "flash_cards_flash_id_flashes_id_fk" FOREIGN KEY ("flash_id") REFERENCES "public"."flashes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flashes" ADD CONSTRAINT "flashes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "word_encounters" ADD CONSTRAINT "word_encounters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "card_reviews_due_idx" ON "card_reviews" USING btree ("user_id","due_at");--> statement-breakpoint
CREATE INDEX "flashes_user_idx" ON "flashes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "word_encounters_recent_idx" ON "word_encounters" USING btree ("user_id","last_at");