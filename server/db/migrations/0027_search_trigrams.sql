-- hand-written: the users search's index of migration 0018 gives way to users_search_idx, which adds the id (schema.ts searchOf).
DROP INDEX IF EXISTS "users_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "commissions_search_idx" ON "commissions" USING gin (("id"::text) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_search_idx" ON "orders" USING gin (("id"::text || ' ' || "customer_email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "payments_search_idx" ON "payments" USING gin (("id"::text || ' ' || coalesce("reference", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin (("id"::text || ' ' || "email" || ' ' || coalesce("name", '') || ' ' || coalesce("first_name", '') || ' ' || coalesce("last_name", '')) gin_trgm_ops);