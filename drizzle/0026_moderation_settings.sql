CREATE TABLE "moderation_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"settings" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "moderation_settings_one_row" CHECK ("moderation_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "reports" ADD COLUMN "source" text DEFAULT 'person' NOT NULL;--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_source_check" CHECK ("reports"."source" in ('person', 'system'));--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_system_has_no_reporter" CHECK ("reports"."source" = 'person' or "reports"."reporter_id" is null);