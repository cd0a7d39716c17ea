-- A webhook event keeps the id of the request that caused it (X-Request-Id), as mint jobs and emails do (0031):
-- the sender's log lines about its deliveries carry it. Null for events of a background loop.
ALTER TABLE "webhook_events" ADD COLUMN "request_id" text;