-- Wallets frozen for one token (issue 42): what staff want the contract's frozen[id][wallet] to say, why, who and when.
CREATE TABLE "token_freezes" (
	"product_id" uuid NOT NULL,
	"wallet" text NOT NULL,
	"frozen" boolean NOT NULL,
	"reason" text NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "token_freezes_product_id_wallet_pk" PRIMARY KEY("product_id","wallet")
);
--> statement-breakpoint
ALTER TABLE "token_freezes" ADD CONSTRAINT "token_freezes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_freezes" ADD CONSTRAINT "token_freezes_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;