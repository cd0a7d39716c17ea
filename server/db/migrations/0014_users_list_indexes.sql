DROP INDEX "users_role_idx";--> statement-breakpoint
DROP INDEX "users_status_idx";--> statement-breakpoint
DROP INDEX "users_created_idx";--> statement-breakpoint
CREATE INDEX "users_role_created_idx" ON "users" USING btree ("role","created_at","id");--> statement-breakpoint
CREATE INDEX "users_status_created_idx" ON "users" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "users_kyc_created_idx" ON "users" USING btree ("kyc_status","created_at","id");--> statement-breakpoint
CREATE INDEX "users_name_idx" ON "users" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "users_last_login_idx" ON "users" USING btree ("last_login","id");--> statement-breakpoint
CREATE INDEX "users_role_id_idx" ON "users" USING btree ("role","id");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
-- hand-written: the users search (q over email, name, first and last name) as one trigram index on the text it
-- searches; server/modules/users/service.ts searches exactly this expression. PGlite loads pg_trgm (server/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ((("email" || ' ' || coalesce("name", '') || ' ' || coalesce("first_name", '') || ' ' || coalesce("last_name", ''))) gin_trgm_ops);
