DROP INDEX "questions_filter_idx";--> statement-breakpoint
ALTER TABLE "book_templates" ADD COLUMN "grants_underground" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "questions_list_idx" ON "questions" USING btree ("category","id");--> statement-breakpoint
CREATE INDEX "questions_tags_idx" ON "questions" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "questions_filter_idx" ON "questions" USING btree ("category","visibility","kind","difficulty");