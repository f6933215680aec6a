CREATE TABLE "collect_tags" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "collect_tags_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" bigint NOT NULL,
	"name" text NOT NULL,
	"desp" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "daily_activity" (
	"user_id" bigint NOT NULL,
	"day" date NOT NULL,
	"questions" integer DEFAULT 0 NOT NULL,
	"correct" integer DEFAULT 0 NOT NULL,
	"time_seconds" integer DEFAULT 0 NOT NULL,
	"words" integer DEFAULT 0 NOT NULL,
	"reviews" integer DEFAULT 0 NOT NULL,
	"signed_in" boolean DEFAULT false NOT NULL,
	"streak" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_activity_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
ALTER TABLE "crafts" ADD COLUMN "source" jsonb;--> statement-breakpoint
ALTER TABLE "crafts" ADD COLUMN "schedule" jsonb;--> statement-breakpoint
ALTER TABLE "crafts" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "collect_tags" ADD CONSTRAINT "collect_tags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "daily_activity" ADD CONSTRAINT "daily_activity_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "collect_tags_user_name_uq" ON "collect_tags" USING btree ("user_id","name");--> statement-breakpoint
CREATE INDEX "crafts_user_due_idx" ON "crafts" USING btree ("user_id","due_at");