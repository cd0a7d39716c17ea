-- Transfers only to verified holders (issue 42): a product's token may go only to wallets on the contract's
-- verified-holder allowlist; on for the bonds and real estate already in the catalogue, as for new ones.
ALTER TABLE "products" ADD COLUMN "requires_verified_holders" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "products" SET "requires_verified_holders" = true WHERE "rwa_type" IN ('bonds', 'real_estate');
