ALTER TABLE "user" ADD COLUMN "client_rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "client_rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "freelancer_rating_sum" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "freelancer_rating_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "user" SET "client_rating_sum" = "profiles"."client_rating_sum", "client_rating_count" = "profiles"."client_rating_count", "freelancer_rating_sum" = "profiles"."freelancer_rating_sum", "freelancer_rating_count" = "profiles"."freelancer_rating_count" FROM "profiles" WHERE "profiles"."user_id" = "user"."id";--> statement-breakpoint
ALTER TABLE "profiles" DROP COLUMN "client_rating_sum";--> statement-breakpoint
ALTER TABLE "profiles" DROP COLUMN "client_rating_count";--> statement-breakpoint
ALTER TABLE "profiles" DROP COLUMN "freelancer_rating_sum";--> statement-breakpoint
ALTER TABLE "profiles" DROP COLUMN "freelancer_rating_count";