CREATE TABLE "bid_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bid_id" uuid NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"deadline" date NOT NULL,
	"message" text,
	"status" text NOT NULL,
	"replaced_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bid_revisions_status_check" CHECK ("bid_revisions"."status" in ('pending', 'accepted', 'declined', 'cancelled', 'withdrawn'))
);
--> statement-breakpoint
ALTER TABLE "bids" DROP CONSTRAINT "bids_status_check";--> statement-breakpoint
ALTER TABLE "bids" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bid_revisions" ADD CONSTRAINT "bid_revisions_bid_id_bids_id_fk" FOREIGN KEY ("bid_id") REFERENCES "public"."bids"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bid_revisions_bid_replaced_at_idx" ON "bid_revisions" USING btree ("bid_id","replaced_at");--> statement-breakpoint
-- One offer per person per task. Where a person has several live bids on one task (placed
-- before this rule), they become one offer: the accepted one if any, else the newest
-- pending one, keeps its values and takes the place of the first (its earliest time); the
-- others become its history, oldest first, each replaced when the next was placed.
INSERT INTO "bid_revisions" ("bid_id", "amount", "deadline", "message", "status", "replaced_at")
SELECT "keeper_id", "amount", "deadline", "message", "status", coalesce("next_at", now())
FROM (
	SELECT "amount", "deadline", "message", "status",
		row_number() OVER "keep" AS "keep_rank",
		first_value("id") OVER "keep" AS "keeper_id",
		lead("created_at") OVER (PARTITION BY "task_id", "bidder_id" ORDER BY "created_at", "id") AS "next_at"
	FROM "bids"
	WHERE "status" IN ('pending', 'accepted')
	WINDOW "keep" AS (PARTITION BY "task_id", "bidder_id" ORDER BY ("status" = 'accepted') DESC, "created_at" DESC, "id" DESC)
) AS "ranked"
WHERE "keep_rank" > 1;--> statement-breakpoint
UPDATE "bids" AS "k" SET
	"edited_at" = (SELECT max("o"."created_at") FROM "bids" AS "o" WHERE "o"."task_id" = "k"."task_id" AND "o"."bidder_id" = "k"."bidder_id" AND "o"."status" IN ('pending', 'accepted')),
	"created_at" = (SELECT min("o"."created_at") FROM "bids" AS "o" WHERE "o"."task_id" = "k"."task_id" AND "o"."bidder_id" = "k"."bidder_id" AND "o"."status" IN ('pending', 'accepted'))
WHERE "k"."id" IN (SELECT "bid_id" FROM "bid_revisions");--> statement-breakpoint
DELETE FROM "bids" AS "o" USING "bids" AS "k"
WHERE "k"."id" IN (SELECT "bid_id" FROM "bid_revisions")
	AND "o"."task_id" = "k"."task_id" AND "o"."bidder_id" = "k"."bidder_id"
	AND "o"."id" <> "k"."id" AND "o"."status" IN ('pending', 'accepted');--> statement-breakpoint
CREATE UNIQUE INDEX "bids_one_live_offer_idx" ON "bids" USING btree ("task_id","bidder_id") WHERE status in ('pending', 'accepted');--> statement-breakpoint
ALTER TABLE "bids" ADD CONSTRAINT "bids_status_check" CHECK ("bids"."status" in ('pending', 'accepted', 'declined', 'cancelled', 'withdrawn'));
