CREATE TABLE "question_drafts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"question_id" text,
	"kind" text NOT NULL,
	"body" jsonb NOT NULL,
	"base_revision" integer DEFAULT 0 NOT NULL,
	"updated_by" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "question_revisions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"question_id" text NOT NULL,
	"revision" integer NOT NULL,
	"actor_id" bigint,
	"before" jsonb,
	"after" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "question_revisions_revision_ck" CHECK ("question_revisions"."revision" > 0)
);
--> statement-breakpoint
ALTER TABLE "question_drafts" ADD CONSTRAINT "question_drafts_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "question_drafts_question_uq" ON "question_drafts" USING btree ("question_id") WHERE "question_drafts"."question_id" is not null;--> statement-breakpoint
CREATE INDEX "question_drafts_updated_idx" ON "question_drafts" USING btree ("updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "question_revisions_question_uq" ON "question_revisions" USING btree ("question_id","revision");--> statement-breakpoint
CREATE INDEX "question_revisions_created_idx" ON "question_revisions" USING btree ("created_at","id");