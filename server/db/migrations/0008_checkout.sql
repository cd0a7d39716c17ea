ALTER TABLE "orders" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "checkout_secret_hash" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "return_url" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "cancel_url" text;--> statement-breakpoint
CREATE INDEX "orders_expiry_idx" ON "orders" USING btree ("expires_at") WHERE status = 'pending' and expires_at is not null;