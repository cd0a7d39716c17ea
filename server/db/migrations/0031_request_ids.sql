-- Queued work keeps the id of the request that queued it (X-Request-Id), so that the worker's log lines
-- about it can be found from the request's. Null for work queued by a background loop or before this migration.
ALTER TABLE "mint_jobs" ADD COLUMN "request_id" text;--> statement-breakpoint
ALTER TABLE "email_messages" ADD COLUMN "request_id" text;
