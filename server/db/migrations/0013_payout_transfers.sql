ALTER TABLE "payouts" ADD COLUMN "token_rate" numeric(30, 18);--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "transfer_state" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "transfer_error" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "block_number" bigint;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "transfer_claimed_until" timestamp with time zone;