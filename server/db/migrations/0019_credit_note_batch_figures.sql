CREATE TABLE "credit_note_batch_quotas" (
	"batch_id" text NOT NULL,
	"quota_account_id" text NOT NULL,
	"unit_name" text NOT NULL,
	"grantor_name" text NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"available_before" numeric(18, 2) NOT NULL,
	"available_after" numeric(18, 2) NOT NULL,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_note_batch_quotas_batch_id_quota_account_id_pk" PRIMARY KEY("batch_id","quota_account_id"),
	CONSTRAINT "credit_note_batch_quotas_amount_ck" CHECK ("credit_note_batch_quotas"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "credit_note_batch_quotas" ADD CONSTRAINT "credit_note_batch_quotas_batch_id_credit_note_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."credit_note_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- hand-written: the figures of batches an earlier release decided, computed once from the ledger movement
-- the decision made on each issuing account (an approval OCCUPIES, leaving available as it was: before it
-- the batch's amount was available too; a rejection RELEASES, so before and after are what it left).
-- Unit names are today's (an earlier release kept none with the batch); a batch whose movements are not
-- in the ledger gets no rows, is reported below, and its page says the figures were not kept.
INSERT INTO "credit_note_batch_quotas" ("batch_id", "quota_account_id", "unit_name", "grantor_name", "amount", "available_before", "available_after", "decided_at")
SELECT b."id", l."account_id",
  -- Names as of the upgrade (0017 named units and grantors by reference: a corporation's unit and a
  -- corporation grantor read the corporation's name; the platform reads as the platform).
  COALESCE(u."unit_name", (SELECT c."corp_name" FROM "corporations" c WHERE c."id" = u."corp_id"), a."unit_id"),
  CASE WHEN a."grantor_id" = 'PLATFORM' THEN '供应链金融服务平台' ELSE COALESCE((SELECT c."corp_name" FROM "corporations" c WHERE c."id" = a."grantor_corp_id"), a."grantor_id") END,
  abs(l."amount"),
  CASE WHEN l."movement" = 'OCCUPY' THEN l."available_after" + abs(l."amount") ELSE l."available_after" END,
  l."available_after", l."create_time"
FROM "credit_note_batches" b
JOIN "quota_ledger" l ON l."reference" = b."batch_no" AND l."process_key" = 'Process_CREDIT_ISSUE'
  AND l."movement" = CASE WHEN b."status" = 'APPROVED' THEN 'OCCUPY' ELSE 'RELEASE' END
JOIN "quota_accounts" a ON a."id" = l."account_id"
LEFT JOIN "group_units" u ON u."id" = a."unit_id"
WHERE b."status" IN ('APPROVED', 'REJECTED') AND abs(l."amount") > 0
ON CONFLICT DO NOTHING;
--> statement-breakpoint
DO $$
DECLARE
  missing text;
BEGIN
  SELECT string_agg(b."batch_no", ', ' ORDER BY b."batch_no") INTO missing
  FROM "credit_note_batches" b
  WHERE b."status" IN ('APPROVED', 'REJECTED') AND NOT EXISTS (SELECT 1 FROM "credit_note_batch_quotas" q WHERE q."batch_id" = b."id");
  IF missing IS NOT NULL THEN
    RAISE NOTICE 'credit_note_batch_figures: decided batches without ledger movements keep no figures (their pages say so): %', missing;
  END IF;
END $$;
