CREATE TABLE "crypto_deposits" (
	"payment_id" uuid PRIMARY KEY NOT NULL,
	"derivation_index" bigserial NOT NULL,
	"address" text NOT NULL,
	"chain_id" integer NOT NULL,
	"amount_wei" numeric(78, 0) NOT NULL,
	"received_wei" numeric(78, 0) DEFAULT '0' NOT NULL,
	"spent_wei" numeric(78, 0) DEFAULT '0' NOT NULL,
	"next_nonce" integer DEFAULT 0 NOT NULL,
	"payer" text,
	"pay_tx_hash" text,
	"from_block" bigint NOT NULL,
	"checked_block" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crypto_refunds" (
	"refund_id" uuid PRIMARY KEY NOT NULL,
	"payment_id" uuid NOT NULL,
	"chain_id" integer NOT NULL,
	"to_address" text NOT NULL,
	"value_wei" numeric(78, 0) NOT NULL,
	"fee_wei" numeric(78, 0) NOT NULL,
	"nonce" integer NOT NULL,
	"signed_tx" text NOT NULL,
	"tx_hash" text NOT NULL,
	"status" text DEFAULT 'sent' NOT NULL,
	"block_number" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crypto_transfers" (
	"chain_id" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"payment_id" uuid NOT NULL,
	"sender" text NOT NULL,
	"value_wei" numeric(78, 0) NOT NULL,
	"block_number" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crypto_transfers_chain_id_tx_hash_pk" PRIMARY KEY("chain_id","tx_hash")
);
--> statement-breakpoint
CREATE TABLE "crypto_watch" (
	"chain_id" integer PRIMARY KEY NOT NULL,
	"scanned_block" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "crypto_deposits" ADD CONSTRAINT "crypto_deposits_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crypto_refunds" ADD CONSTRAINT "crypto_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crypto_transfers" ADD CONSTRAINT "crypto_transfers_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "crypto_deposits_index_key" ON "crypto_deposits" USING btree ("derivation_index");--> statement-breakpoint
CREATE UNIQUE INDEX "crypto_deposits_address_key" ON "crypto_deposits" USING btree ("chain_id","address");--> statement-breakpoint
CREATE UNIQUE INDEX "crypto_refunds_tx_hash_key" ON "crypto_refunds" USING btree ("tx_hash");--> statement-breakpoint
CREATE INDEX "crypto_refunds_payment_idx" ON "crypto_refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "crypto_refunds_open_idx" ON "crypto_refunds" USING btree ("status") WHERE status = 'sent';--> statement-breakpoint
CREATE INDEX "crypto_transfers_payment_idx" ON "crypto_transfers" USING btree ("payment_id","block_number");