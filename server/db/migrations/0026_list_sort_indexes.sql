CREATE INDEX "commissions_amount_idx" ON "commissions" USING btree ("amount_cents","id");--> statement-breakpoint
CREATE INDEX "dns_query_logs_domain_idx" ON "dns_query_logs" USING btree ("domain","id");--> statement-breakpoint
CREATE INDEX "dns_query_logs_duration_idx" ON "dns_query_logs" USING btree ("duration_ms","id");