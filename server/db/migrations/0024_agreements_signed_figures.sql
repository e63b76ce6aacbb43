ALTER TABLE "agreements" ADD COLUMN "signed_tenor_min_days" integer;--> statement-breakpoint
ALTER TABLE "agreements" ADD COLUMN "signed_tenor_max_days" integer;--> statement-breakpoint
ALTER TABLE "agreements" ADD COLUMN "signed_amount_min" numeric(16, 2);--> statement-breakpoint
ALTER TABLE "agreements" ADD COLUMN "signed_amount_max" numeric(16, 2);--> statement-breakpoint
-- hand-written: an agreement still in approval is not signed yet: its proposal takes its product's figures now, as a proposal made today would, so the director reviews them and the approval stores them. Agreements approved before keep null figures (what they were signed with was not recorded).
UPDATE "approval_changes" a SET "proposed" = a."proposed" || jsonb_build_object('signedTenorMinDays', p."tenor_min_days", 'signedTenorMaxDays', p."tenor_max_days", 'signedAmountMin', p."amount_min"::text, 'signedAmountMax', p."amount_max"::text) FROM "products" p WHERE a."scope" = 'agreements' AND a."status" = 'RUNNING' AND p."id" = a."proposed"->>'productId';
