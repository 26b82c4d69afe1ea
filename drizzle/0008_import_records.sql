CREATE TABLE "import_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tasks_file" text,
	"bids_file" text,
	"summary" jsonb,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "imported_users" (
	"user_id" text PRIMARY KEY NOT NULL,
	"batch_id" uuid NOT NULL,
	"created_account" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legacy_bids" (
	"old_id" text PRIMARY KEY NOT NULL,
	"bid_id" uuid,
	"batch_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legacy_tasks" (
	"old_id" text PRIMARY KEY NOT NULL,
	"task_id" uuid,
	"batch_id" uuid NOT NULL
);
--> statement-breakpoint
ALTER TABLE "imported_users" ADD CONSTRAINT "imported_users_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imported_users" ADD CONSTRAINT "imported_users_batch_id_import_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."import_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_bids" ADD CONSTRAINT "legacy_bids_bid_id_bids_id_fk" FOREIGN KEY ("bid_id") REFERENCES "public"."bids"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_bids" ADD CONSTRAINT "legacy_bids_batch_id_import_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."import_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_tasks" ADD CONSTRAINT "legacy_tasks_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legacy_tasks" ADD CONSTRAINT "legacy_tasks_batch_id_import_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."import_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "imported_users_batch_idx" ON "imported_users" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "legacy_bids_bid_idx" ON "legacy_bids" USING btree ("bid_id");--> statement-breakpoint
CREATE INDEX "legacy_bids_batch_idx" ON "legacy_bids" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "legacy_tasks_task_idx" ON "legacy_tasks" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "legacy_tasks_batch_idx" ON "legacy_tasks" USING btree ("batch_id");