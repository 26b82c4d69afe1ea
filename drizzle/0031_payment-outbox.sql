CREATE TABLE "payment_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"deal_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"input" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"result_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "payment_outbox_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "payment_outbox_kind_check" CHECK ("payment_outbox"."kind" in ('transfer', 'refund')),
	CONSTRAINT "payment_outbox_status_check" CHECK ("payment_outbox"."status" in ('pending', 'sending', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "stripe_accounts" (
	"user_id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stripe_accounts_account_id_unique" UNIQUE("account_id"),
	CONSTRAINT "stripe_accounts_status_check" CHECK ("stripe_accounts"."status" in ('pending', 'active'))
);
--> statement-breakpoint
CREATE INDEX "payment_outbox_due_idx" ON "payment_outbox" USING btree ("next_attempt_at") WHERE "payment_outbox"."status" in ('pending', 'sending');