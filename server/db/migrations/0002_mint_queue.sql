CREATE TABLE "chain_transactions" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"chain_id" integer NOT NULL,
	"hash" text NOT NULL,
	"sender" text NOT NULL,
	"nonce" integer NOT NULL,
	"raw" text NOT NULL,
	"mint_job_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mint_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid,
	"order_item_id" uuid,
	"product_id" uuid,
	"wallet_address" text NOT NULL,
	"token_id" numeric(78, 0) NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"chain_id" integer,
	"contract" text,
	"minter" text,
	"nonce" integer,
	"signed_tx" text,
	"tx_hash" text,
	"block_number" bigint,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"signed_at" timestamp with time zone,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mint_workers" (
	"key" text PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"host" text,
	"chain_id" integer NOT NULL,
	"minter" text NOT NULL,
	"contract" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone NOT NULL,
	"stopped_at" timestamp with time zone,
	"processed" integer DEFAULT 0 NOT NULL,
	"last_error" text
);
--> statement-breakpoint
ALTER TABLE "chain_transactions" ADD CONSTRAINT "chain_transactions_mint_job_id_mint_jobs_id_fk" FOREIGN KEY ("mint_job_id") REFERENCES "public"."mint_jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mint_jobs" ADD CONSTRAINT "mint_jobs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mint_jobs" ADD CONSTRAINT "mint_jobs_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mint_jobs" ADD CONSTRAINT "mint_jobs_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mint_jobs" ADD CONSTRAINT "mint_jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chain_transactions_hash_key" ON "chain_transactions" USING btree ("hash");--> statement-breakpoint
CREATE INDEX "chain_transactions_sender_idx" ON "chain_transactions" USING btree ("chain_id","sender","nonce");--> statement-breakpoint
CREATE INDEX "mint_jobs_created_idx" ON "mint_jobs" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "mint_jobs_status_created_idx" ON "mint_jobs" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "mint_jobs_due_idx" ON "mint_jobs" USING btree ("next_attempt_at") WHERE status in ('queued', 'processing');--> statement-breakpoint
CREATE INDEX "mint_jobs_order_idx" ON "mint_jobs" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mint_jobs_order_item_key" ON "mint_jobs" USING btree ("order_item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mint_jobs_tx_hash_key" ON "mint_jobs" USING btree ("tx_hash");