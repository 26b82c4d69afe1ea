CREATE TABLE "saved_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"criteria" jsonb NOT NULL,
	"criteria_key" text NOT NULL,
	"channels" text[] DEFAULT array['in-app']::text[] NOT NULL,
	"frequency" text DEFAULT 'instant' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"matched_until" timestamp with time zone DEFAULT now() NOT NULL,
	"checked_at" timestamp with time zone,
	"alerted_at" timestamp with time zone,
	CONSTRAINT "saved_searches_frequency_check" CHECK ("saved_searches"."frequency" in ('instant', 'daily', 'weekly', 'paused')),
	CONSTRAINT "saved_searches_channels_check" CHECK ("saved_searches"."channels" <@ array['in-app', 'email']::text[]),
	CONSTRAINT "saved_searches_name_check" CHECK (char_length("saved_searches"."name") between 1 and 60)
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" DROP CONSTRAINT "notification_preferences_type_check";--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "link" text;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_searches_user_criteria_key_idx" ON "saved_searches" USING btree ("user_id","criteria_key");--> statement-breakpoint
CREATE INDEX "saved_searches_instant_matched_until_idx" ON "saved_searches" USING btree ("matched_until") WHERE "saved_searches"."frequency" = 'instant';--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_type_check" CHECK ("notification_preferences"."type" in ('bid.received', 'bid.accepted', 'bid.declined', 'bid.withdrawn', 'assignment.cancelled', 'task.completed', 'completion.requested', 'completion.disputed', 'review.requested', 'review.reminder', 'review.published', 'question.asked', 'question.answered', 'message.received', 'search.matched'));--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK ("notifications"."type" in ('bid.received', 'bid.accepted', 'bid.declined', 'bid.withdrawn', 'assignment.cancelled', 'task.completed', 'completion.requested', 'completion.disputed', 'review.requested', 'review.reminder', 'review.published', 'question.asked', 'question.answered', 'message.received', 'search.matched'));