ALTER TABLE "user" ADD COLUMN "goal" text;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "welcomed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_goal_check" CHECK ("user"."goal" in ('hire', 'earn'));--> statement-breakpoint
-- Accounts that already exist have found their way around: the welcome is for new ones.
UPDATE "user" SET "welcomed_at" = "created_at";
