CREATE TABLE "book_items" (
	"book_id" text NOT NULL,
	"section" text DEFAULT '' NOT NULL,
	"position" integer NOT NULL,
	"question_id" text NOT NULL,
	CONSTRAINT "book_items_book_id_section_position_pk" PRIMARY KEY("book_id","section","position")
);
--> statement-breakpoint
CREATE TABLE "book_templates" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"sub_title" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"kind2" text DEFAULT '' NOT NULL,
	"kind3" text DEFAULT '' NOT NULL,
	"kind4" text DEFAULT '' NOT NULL,
	"param" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"access" text DEFAULT 'free' NOT NULL,
	"min_role" text,
	"unlock_at" timestamp with time zone,
	"tailor" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"hide" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "passages" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"text" text NOT NULL,
	"translate" text DEFAULT '' NOT NULL,
	"core" text DEFAULT '' NOT NULL,
	"sentences" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" text PRIMARY KEY NOT NULL,
	"category" smallint NOT NULL,
	"kind" text NOT NULL,
	"difficulty" text NOT NULL,
	"group_id" text,
	"passage_id" text,
	"description" text DEFAULT '' NOT NULL,
	"inquiry" text NOT NULL,
	"quantity_a" text,
	"quantity_b" text,
	"media" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"input_method" jsonb NOT NULL,
	"standard_answer" jsonb NOT NULL,
	"analysis" jsonb NOT NULL,
	"topic" text,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"visibility" text DEFAULT 'public' NOT NULL,
	"brief" text DEFAULT '' NOT NULL,
	"source_names" text[] DEFAULT '{}' NOT NULL,
	"origin_id" text,
	"topic_id" bigint,
	"word_info" jsonb,
	"support_translate" boolean DEFAULT false NOT NULL,
	"card_learn" boolean DEFAULT false NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_books" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "user_books_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"template_id" text NOT NULL,
	"exam_id" bigint,
	"status" text DEFAULT 'NotOpen' NOT NULL,
	"limit" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "book_items" ADD CONSTRAINT "book_items_book_id_book_templates_id_fk" FOREIGN KEY ("book_id") REFERENCES "public"."book_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "book_items" ADD CONSTRAINT "book_items_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_passage_id_passages_id_fk" FOREIGN KEY ("passage_id") REFERENCES "public"."passages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_books" ADD CONSTRAINT "user_books_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_books" ADD CONSTRAINT "user_books_template_id_book_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."book_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "book_items_question_idx" ON "book_items" USING btree ("question_id");--> statement-breakpoint
CREATE INDEX "book_templates_kind_idx" ON "book_templates" USING btree ("kind","position");--> statement-breakpoint
CREATE INDEX "questions_filter_idx" ON "questions" USING btree ("category","kind","difficulty");--> statement-breakpoint
CREATE INDEX "questions_passage_idx" ON "questions" USING btree ("passage_id");--> statement-breakpoint
CREATE INDEX "user_books_user_idx" ON "user_books" USING btree ("user_id","template_id");