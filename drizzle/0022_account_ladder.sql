CREATE TABLE "statements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"action" text NOT NULL,
	"rule" text NOT NULL,
	"reason" text NOT NULL,
	"until" timestamp with time zone,
	"actor_id" text,
	"case_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"appeal_state" text,
	"appeal_text" text,
	"appealed_at" timestamp with time zone,
	"appeal_decided_at" timestamp with time zone,
	"appeal_decided_by" text,
	"appeal_decision_reason" text,
	CONSTRAINT "statements_action_check" CHECK ("statements"."action" in ('warning', 'limit', 'suspension', 'ban', 'content')),
	CONSTRAINT "statements_rule_check" CHECK ("statements"."rule" in ('spam', 'scam', 'harassment', 'inappropriate', 'illegal', 'other')),
	CONSTRAINT "statements_appeal_state_check" CHECK ("statements"."appeal_state" in ('open', 'upheld', 'overturned'))
);
--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "limited_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "statements" ADD CONSTRAINT "statements_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statements" ADD CONSTRAINT "statements_case_id_moderation_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."moderation_cases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "statements_user_idx" ON "statements" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "statements_open_appeals_idx" ON "statements" USING btree ("appealed_at") WHERE "statements"."appeal_state" = 'open';