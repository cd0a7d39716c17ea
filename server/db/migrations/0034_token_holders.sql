-- The holders indexer (issue 42): the token contract's transfers from its logs, the balances they add up to, and how far
-- the logs were read (the last block and its hash).
CREATE TABLE "token_balances" (
	"chain_id" integer NOT NULL,
	"contract" text NOT NULL,
	"token_id" numeric(78, 0) NOT NULL,
	"holder" text NOT NULL,
	"balance" numeric(78, 0) NOT NULL,
	CONSTRAINT "token_balances_chain_id_contract_token_id_holder_pk" PRIMARY KEY("chain_id","contract","token_id","holder")
);
--> statement-breakpoint
CREATE TABLE "token_index_cursor" (
	"chain_id" integer NOT NULL,
	"contract" text NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "token_index_cursor_chain_id_contract_pk" PRIMARY KEY("chain_id","contract")
);
--> statement-breakpoint
CREATE TABLE "token_transfers" (
	"chain_id" integer NOT NULL,
	"contract" text NOT NULL,
	"block_number" bigint NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"batch_index" integer NOT NULL,
	"token_id" numeric(78, 0) NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	CONSTRAINT "token_transfers_chain_id_tx_hash_log_index_batch_index_pk" PRIMARY KEY("chain_id","tx_hash","log_index","batch_index")
);
--> statement-breakpoint
CREATE INDEX "token_transfers_token_idx" ON "token_transfers" USING btree ("chain_id","contract","token_id");--> statement-breakpoint
CREATE INDEX "token_transfers_block_idx" ON "token_transfers" USING btree ("chain_id","contract","block_number");