DROP INDEX "word_books_user_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "word_books_user_name_uq" ON "word_books" USING btree ("user_id","name");