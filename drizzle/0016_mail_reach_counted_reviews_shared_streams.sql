CREATE TABLE "event_streams" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "event_streams_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"instance_id" text NOT NULL,
	"user_id" text NOT NULL,
	"address" text NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "counted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "caused_by" text;--> statement-breakpoint
CREATE INDEX "event_streams_user_idx" ON "event_streams" USING btree ("user_id","seq");--> statement-breakpoint
CREATE INDEX "event_streams_address_idx" ON "event_streams" USING btree ("address","seq");--> statement-breakpoint
CREATE INDEX "event_streams_instance_idx" ON "event_streams" USING btree ("instance_id");--> statement-breakpoint
CREATE INDEX "event_streams_seen_idx" ON "event_streams" USING btree ("seen_at");--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_caused_by_user_id_fk" FOREIGN KEY ("caused_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reviews_pair_counted_idx" ON "reviews" USING btree ("reviewer_id","reviewee_id","published_at") WHERE "reviews"."counted";--> statement-breakpoint
CREATE INDEX "mail_outbox_caused_by_idx" ON "mail_outbox" USING btree ("caused_by","created_at") WHERE "mail_outbox"."caused_by" is not null;--> statement-breakpoint
-- Reviews published before this rule are what the ratings on the account rows add up: they stay counted.
UPDATE "reviews" SET "counted" = true WHERE "published_at" IS NOT NULL;
