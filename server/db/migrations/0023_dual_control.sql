ALTER TABLE "mint_jobs" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "mint_jobs" ADD COLUMN "approved_by" uuid;--> statement-breakpoint
ALTER TABLE "mint_jobs" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "approved_by" uuid;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "approved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mint_jobs" ADD CONSTRAINT "mint_jobs_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;