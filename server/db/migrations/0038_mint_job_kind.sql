-- What a mint job does (issue 42): mint (every job so far) or redeem, a burn of a holder's tokens when the holder
-- redeems the asset; both go through the same queue and worker, so a burn too is signed once and never sent twice.
ALTER TABLE "mint_jobs" ADD COLUMN "kind" text DEFAULT 'mint' NOT NULL;
