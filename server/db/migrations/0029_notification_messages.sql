-- hand-written: a notification stores what an event said as a message code and params (src/common/notices-catalogue.ts),
-- shown in the reader's language. Rows written before keep none: readers show their stored title and body.
ALTER TABLE "notifications" ADD COLUMN "message_code" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "params" jsonb;