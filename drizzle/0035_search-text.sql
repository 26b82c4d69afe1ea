DROP INDEX "tasks_title_trgm_idx";--> statement-breakpoint
DROP INDEX "tasks_description_trgm_idx";--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(title) || chr(10) || lower(description)) STORED;--> statement-breakpoint
CREATE INDEX "tasks_search_text_trgm_idx" ON "tasks" USING gin ("search_text" gin_trgm_ops);