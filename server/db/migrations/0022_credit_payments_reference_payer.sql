-- hand-written: a payment names its payer by reference. The key drizzle-kit generated
-- (credit_payments_payer_unit_id_group_units_id_fk) and the drop of the copied name come after the
-- report they need (moved here from the generated part, as 0017 does): a payment whose unit is gone
-- is kept and listed in reference_gaps with the name it held, and the key is then added NOT VALID
-- (every new payment is checked); with no such payment it is added checked.
INSERT INTO "reference_gaps" ("id", "migration", "table_name", "row_id", "column_name", "value", "name_then", "note")
SELECT gen_random_uuid()::text, '0022_credit_payments_reference_payer', 'credit_payments', t."id", 'payer_unit_id', t."payer_unit_id", t."payer_name", 'payer unit not found in the group tree: key kept unchecked' FROM "credit_payments" t WHERE NOT EXISTS (SELECT 1 FROM "group_units" r WHERE r."id" = t."payer_unit_id");
--> statement-breakpoint
DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM "credit_payments" t WHERE NOT EXISTS (SELECT 1 FROM "group_units" r WHERE r."id" = t."payer_unit_id")) THEN
    ALTER TABLE "credit_payments" ADD CONSTRAINT "credit_payments_payer_unit_id_group_units_id_fk" FOREIGN KEY ("payer_unit_id") REFERENCES "public"."group_units"("id") ON DELETE restrict ON UPDATE no action NOT VALID;
  ELSE
    ALTER TABLE "credit_payments" ADD CONSTRAINT "credit_payments_payer_unit_id_group_units_id_fk" FOREIGN KEY ("payer_unit_id") REFERENCES "public"."group_units"("id") ON DELETE restrict ON UPDATE no action;
  END IF;
END $$;
--> statement-breakpoint
ALTER TABLE "credit_payments" DROP COLUMN "payer_name";
