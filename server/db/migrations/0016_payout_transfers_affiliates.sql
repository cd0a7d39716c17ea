ALTER TABLE "payouts" ADD COLUMN "token_rate" numeric(30, 18);--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "transfer_state" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "transfer_error" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "block_number" bigint;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "transfer_claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "affiliate" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "users_affiliate_created_idx" ON "users" USING btree ("created_at","id") WHERE affiliate;--> statement-breakpoint
CREATE INDEX "users_affiliate_email_idx" ON "users" USING btree (lower("email") text_pattern_ops) WHERE affiliate;--> statement-breakpoint
CREATE INDEX "users_affiliate_name_idx" ON "users" USING btree (lower("name") text_pattern_ops) WHERE affiliate;--> statement-breakpoint
CREATE INDEX "users_affiliate_full_name_idx" ON "users" USING btree (lower(coalesce("first_name", '') || ' ' || coalesce("last_name", '')) text_pattern_ops) WHERE affiliate;--> statement-breakpoint
-- hand-written: the flag for the users who already referred someone or earned a commission.
UPDATE "users" u SET "affiliate" = true WHERE EXISTS (SELECT 1 FROM "users" r WHERE r."referred_by_id" = u."id") OR EXISTS (SELECT 1 FROM "commissions" c WHERE c."referrer_id" = u."id");
