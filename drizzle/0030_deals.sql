CREATE TABLE "deal_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "deal_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"deal_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"action" text NOT NULL,
	"actor" text NOT NULL,
	"actor_id" text,
	"from_state" text NOT NULL,
	"to_state" text NOT NULL,
	"reason" text,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"task_id" uuid NOT NULL,
	"bid_id" uuid NOT NULL,
	"owner_id" text NOT NULL,
	"worker_id" text NOT NULL,
	"state" text DEFAULT 'awaiting-payment' NOT NULL,
	"currency" text NOT NULL,
	"price" bigint NOT NULL,
	"booking_fee" bigint NOT NULL,
	"service_fee" bigint NOT NULL,
	"poster_pays" bigint NOT NULL,
	"worker_receives" bigint NOT NULL,
	"schedule_version" text NOT NULL,
	"worker_credited" bigint,
	"payment_attempts" integer DEFAULT 0 NOT NULL,
	"charge_id" text,
	"cancellation_requested_by" text,
	"cancellation_fault" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"state_since" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "deals_state_check" CHECK ("deals"."state" in ('awaiting-payment', 'funded', 'payment-requested', 'released', 'paid-out', 'cancellation-requested', 'disputed', 'cancelled', 'expired')),
	CONSTRAINT "deals_currency_check" CHECK ("deals"."currency" in ('USD'))
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"payload" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_operations" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"deal_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"card_last4" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone,
	CONSTRAINT "sandbox_operations_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "sandbox_operations_kind_check" CHECK ("sandbox_operations"."kind" in ('charge', 'refund', 'transfer'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_payees" (
	"user_id" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deal_events" ADD CONSTRAINT "deal_events_deal_id_deals_id_fk" FOREIGN KEY ("deal_id") REFERENCES "public"."deals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deal_events_deal_idx" ON "deal_events" USING btree ("deal_id","id");--> statement-breakpoint
CREATE INDEX "deal_events_actor_idx" ON "deal_events" USING btree ("actor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "deals_live_task_key" ON "deals" USING btree ("task_id") WHERE state in ('awaiting-payment', 'funded', 'payment-requested', 'released', 'cancellation-requested', 'disputed');--> statement-breakpoint
CREATE INDEX "deals_state_since_idx" ON "deals" USING btree ("state","state_since");--> statement-breakpoint
CREATE INDEX "deals_owner_idx" ON "deals" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "deals_worker_idx" ON "deals" USING btree ("worker_id");