ALTER TABLE "tasks" ADD COLUMN "moderation" text;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "moderation_rule" text;--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "moderation" text;--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "moderation_rule" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "moderation" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "moderation_rule" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "moderation" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "moderation_rule" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "moderation" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "moderation_rule" text;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "moderation" text;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "moderation_rule" text;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "answer_moderation" text;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "answer_moderation_rule" text;--> statement-breakpoint
DROP INDEX "tasks_created_at_idx";--> statement-breakpoint
DROP INDEX "tasks_budget_idx";--> statement-breakpoint
DROP INDEX "tasks_budget_desc_idx";--> statement-breakpoint
DROP INDEX "tasks_deadline_idx";--> statement-breakpoint
DROP INDEX "tasks_stage_created_at_idx";--> statement-breakpoint
DROP INDEX "tasks_stage_deadline_idx";--> statement-breakpoint
DROP INDEX "tasks_category_created_at_idx";--> statement-breakpoint
CREATE INDEX "tasks_created_at_idx" ON "tasks" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE moderation is null;--> statement-breakpoint
CREATE INDEX "tasks_budget_idx" ON "tasks" USING btree ("budget","id") WHERE moderation is null;--> statement-breakpoint
CREATE INDEX "tasks_budget_desc_idx" ON "tasks" USING btree ("budget" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE moderation is null;--> statement-breakpoint
CREATE INDEX "tasks_deadline_idx" ON "tasks" USING btree ("deadline","id") WHERE moderation is null;--> statement-breakpoint
CREATE INDEX "tasks_stage_created_at_idx" ON "tasks" USING btree ("stage","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE moderation is null;--> statement-breakpoint
CREATE INDEX "tasks_stage_deadline_idx" ON "tasks" USING btree ("stage","deadline","id") WHERE moderation is null;--> statement-breakpoint
CREATE INDEX "tasks_category_created_at_idx" ON "tasks" USING btree ("category","created_at" DESC NULLS LAST) WHERE moderation is null;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_moderation_check" CHECK ("tasks"."moderation" in ('held', 'removed', 'limited'));--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_moderation_check" CHECK ("bids"."moderation" in ('held', 'removed', 'limited'));--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_moderation_check" CHECK ("messages"."moderation" in ('held', 'removed', 'limited'));--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_moderation_check" CHECK ("profiles"."moderation" in ('held', 'removed', 'limited'));--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_moderation_check" CHECK ("reviews"."moderation" in ('held', 'removed', 'limited'));--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_moderation_check" CHECK ("questions"."moderation" in ('held', 'removed', 'limited'));--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_answer_moderation_check" CHECK ("questions"."answer_moderation" in ('held', 'removed', 'limited'));
