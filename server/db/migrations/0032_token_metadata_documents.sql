-- Issue 42: what a token's EIP-1155 metadata says of its asset (issuer, custodian, valuation with its day and currency),
-- and the documents of a tokenised product, each with its sha256; a replaced one is kept as history.
CREATE TABLE "product_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"file" text NOT NULL,
	"file_kind" text NOT NULL,
	"bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_by" uuid,
	"replaced_at" timestamp with time zone,
	"replaced_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "issuer" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "custodian" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "valuation_cents" bigint;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "valuation_currency" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "valued_on" date;--> statement-breakpoint
ALTER TABLE "product_documents" ADD CONSTRAINT "product_documents_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_documents" ADD CONSTRAINT "product_documents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_documents_product_idx" ON "product_documents" USING btree ("product_id","created_at","id");--> statement-breakpoint
CREATE INDEX "products_token_id_idx" ON "products" USING btree ("token_id");