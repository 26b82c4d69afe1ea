ALTER TABLE "deals" ADD COLUMN "requested_price" bigint;--> statement-breakpoint
ALTER TABLE "sandbox_operations" ADD COLUMN "price" bigint;