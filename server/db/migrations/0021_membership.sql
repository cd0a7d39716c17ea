CREATE TABLE "conversions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"from_amount" bigint NOT NULL,
	"to_amount" numeric(78, 0) NOT NULL,
	"rate" bigint NOT NULL,
	"token_id" numeric(78, 0) NOT NULL,
	"wallet_address" text NOT NULL,
	"mint_job_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_levels" (
	"name" text PRIMARY KEY NOT NULL,
	"rank" integer NOT NULL,
	"min_points" bigint NOT NULL,
	"min_orders" integer NOT NULL,
	"discount_bp" integer DEFAULT 0 NOT NULL,
	"free_shipping" boolean DEFAULT false NOT NULL,
	"priority_support" boolean DEFAULT false NOT NULL,
	"exclusive_products" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "members" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"level" text DEFAULT 'BRONZE' NOT NULL,
	"points_balance" bigint DEFAULT 0 NOT NULL,
	"lifetime_points" bigint DEFAULT 0 NOT NULL,
	"paid_orders" integer DEFAULT 0 NOT NULL,
	"level_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "members_points_balance_nonnegative" CHECK ("members"."points_balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "points_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"reason" text NOT NULL,
	"order_id" uuid,
	"redemption_id" uuid,
	"conversion_id" uuid,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"product_id" uuid,
	"quantity" integer NOT NULL,
	"points_used" bigint NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"order_id" uuid,
	"note" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "member_discount_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "min_member_level" text;--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversions" ADD CONSTRAINT "conversions_mint_job_id_mint_jobs_id_fk" FOREIGN KEY ("mint_job_id") REFERENCES "public"."mint_jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_entries" ADD CONSTRAINT "points_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_entries" ADD CONSTRAINT "points_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_entries" ADD CONSTRAINT "points_entries_redemption_id_redemptions_id_fk" FOREIGN KEY ("redemption_id") REFERENCES "public"."redemptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_entries" ADD CONSTRAINT "points_entries_conversion_id_conversions_id_fk" FOREIGN KEY ("conversion_id") REFERENCES "public"."conversions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "points_entries" ADD CONSTRAINT "points_entries_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "redemptions" ADD CONSTRAINT "redemptions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversions_user_idx" ON "conversions" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_levels_rank_key" ON "member_levels" USING btree ("rank");--> statement-breakpoint
CREATE INDEX "members_level_idx" ON "members" USING btree ("level");--> statement-breakpoint
CREATE INDEX "points_entries_user_idx" ON "points_entries" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "points_entries_order_idx" ON "points_entries" USING btree ("order_id") WHERE order_id is not null;--> statement-breakpoint
CREATE INDEX "redemptions_created_idx" ON "redemptions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "redemptions_status_created_idx" ON "redemptions" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "redemptions_user_idx" ON "redemptions" USING btree ("user_id","created_at","id");--> statement-breakpoint
CREATE INDEX "redemptions_points_idx" ON "redemptions" USING btree ("points_used","id");--> statement-breakpoint
CREATE INDEX "redemptions_quantity_idx" ON "redemptions" USING btree ("quantity","id");--> statement-breakpoint
-- hand-written: the default ladder (every member starts at BRONZE); admins and operators edit it on the Membership screen.
INSERT INTO "member_levels" ("name", "rank", "min_points", "min_orders", "discount_bp", "free_shipping", "priority_support", "exclusive_products") VALUES
  ('BRONZE', 0, 0, 0, 0, false, false, false),
  ('SILVER', 1, 1000, 2, 200, false, false, false),
  ('GOLD', 2, 5000, 5, 500, true, false, true),
  ('PLATINUM', 3, 20000, 15, 800, true, true, true),
  ('DIAMOND', 4, 50000, 30, 1200, true, true, true)
ON CONFLICT DO NOTHING;
