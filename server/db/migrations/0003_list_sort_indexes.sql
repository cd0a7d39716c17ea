DROP INDEX "orders_amount_idx";--> statement-breakpoint
CREATE INDEX "orders_status_amount_idx" ON "orders" USING btree ("status","amount_cents","id");--> statement-breakpoint
CREATE INDEX "orders_qty_idx" ON "orders" USING btree ("qty","id");--> statement-breakpoint
CREATE INDEX "orders_status_qty_idx" ON "orders" USING btree ("status","qty","id");--> statement-breakpoint
CREATE INDEX "products_title_idx" ON "products" USING btree ("title","id");--> statement-breakpoint
CREATE INDEX "products_sku_idx" ON "products" USING btree ("sku","id");--> statement-breakpoint
CREATE INDEX "products_price_fiat_idx" ON "products" USING btree ("price_fiat_cents","id");--> statement-breakpoint
CREATE INDEX "products_price_crypto_idx" ON "products" USING btree ("price_crypto","id");--> statement-breakpoint
CREATE INDEX "products_stock_idx" ON "products" USING btree ("stock","id");--> statement-breakpoint
CREATE INDEX "orders_amount_idx" ON "orders" USING btree ("amount_cents","id");