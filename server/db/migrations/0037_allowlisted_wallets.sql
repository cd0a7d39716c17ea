-- Every wallet the platform has put on the verified-holder allowlist (issue 42), so that one no longer on a verified
-- account is taken off. Those of today's accounts are the ones a pass may already have added.
CREATE TABLE "allowlisted_wallets" (
	"wallet" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
INSERT INTO "allowlisted_wallets" ("wallet")
SELECT DISTINCT lower("wallet_address") FROM "users" WHERE "wallet_address" ~* '^0x[0-9a-f]{40}$'
ON CONFLICT DO NOTHING;
