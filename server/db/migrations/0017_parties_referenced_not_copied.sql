CREATE TABLE "reference_gaps" (
	"id" text PRIMARY KEY NOT NULL,
	"migration" text NOT NULL,
	"table_name" text NOT NULL,
	"row_id" text NOT NULL,
	"column_name" text NOT NULL,
	"value" text,
	"name_then" text,
	"note" text NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "group_units" ALTER COLUMN "unit_name" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "quota_accounts" ADD COLUMN "grantor_corp_id" text GENERATED ALWAYS AS (nullif(grantor_id, 'PLATFORM')) STORED;--> statement-breakpoint
ALTER TABLE "quota_requests" ADD COLUMN "grantor_corp_id" text GENERATED ALWAYS AS (nullif(grantor_id, 'PLATFORM')) STORED;--> statement-breakpoint
-- hand-written: map the copied names to the references and report what cannot be mapped, keeping its row.
-- The keys, the check and the drops drizzle-kit generated come after the mapping they need (moved here
-- from the generated part): a key whose rows all resolve is added checked; one with a row that names
-- nothing is added NOT VALID (every new write is checked, the old row stays and is listed in
-- reference_gaps with the name it held); the copied names are dropped only once reported.
INSERT INTO "reference_gaps" ("id", "migration", "table_name", "row_id", "column_name", "value", "name_then", "note")
SELECT gen_random_uuid()::text, '0017_parties_referenced_not_copied', 'group_units', t."id", 'unit_name', t."corp_id", t."unit_name", 'named by its corporation now: the name the unit held differed' FROM "group_units" t WHERE t."corp_id" IS NOT NULL AND t."unit_name" IS DISTINCT FROM (SELECT c."corp_name" FROM "corporations" c WHERE c."id" = t."corp_id");
--> statement-breakpoint
UPDATE "group_units" SET "unit_name" = NULL WHERE "corp_id" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "group_units" ADD CONSTRAINT "group_units_name_ck" CHECK (("group_units"."corp_id" IS NULL) <> ("group_units"."unit_name" IS NULL));
--> statement-breakpoint
INSERT INTO "reference_gaps" ("id", "migration", "table_name", "row_id", "column_name", "value", "name_then", "note")
SELECT gen_random_uuid()::text, '0017_parties_referenced_not_copied', 'quota_accounts', t."id", 'grantor_id', t."grantor_id", t."grantor_name", 'grantor not found among corporations: key kept unchecked' FROM "quota_accounts" t WHERE t."grantor_corp_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "corporations" r WHERE r."id" = t."grantor_corp_id");
--> statement-breakpoint
DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM "quota_accounts" t WHERE t."grantor_corp_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "corporations" r WHERE r."id" = t."grantor_corp_id")) THEN
    ALTER TABLE "quota_accounts" ADD CONSTRAINT "quota_accounts_grantor_corp_id_corporations_id_fk" FOREIGN KEY ("grantor_corp_id") REFERENCES "public"."corporations"("id") ON DELETE restrict ON UPDATE no action NOT VALID;
  ELSE
    ALTER TABLE "quota_accounts" ADD CONSTRAINT "quota_accounts_grantor_corp_id_corporations_id_fk" FOREIGN KEY ("grantor_corp_id") REFERENCES "public"."corporations"("id") ON DELETE restrict ON UPDATE no action;
  END IF;
END $$;
--> statement-breakpoint
INSERT INTO "reference_gaps" ("id", "migration", "table_name", "row_id", "column_name", "value", "name_then", "note")
SELECT gen_random_uuid()::text, '0017_parties_referenced_not_copied', 'quota_requests', t."id", 'grantor_id', t."grantor_id", t."grantor_name", 'grantor not found among corporations: key kept unchecked' FROM "quota_requests" t WHERE t."grantor_corp_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "corporations" r WHERE r."id" = t."grantor_corp_id");
--> statement-breakpoint
DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM "quota_requests" t WHERE t."grantor_corp_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "corporations" r WHERE r."id" = t."grantor_corp_id")) THEN
    ALTER TABLE "quota_requests" ADD CONSTRAINT "quota_requests_grantor_corp_id_corporations_id_fk" FOREIGN KEY ("grantor_corp_id") REFERENCES "public"."corporations"("id") ON DELETE restrict ON UPDATE no action NOT VALID;
  ELSE
    ALTER TABLE "quota_requests" ADD CONSTRAINT "quota_requests_grantor_corp_id_corporations_id_fk" FOREIGN KEY ("grantor_corp_id") REFERENCES "public"."corporations"("id") ON DELETE restrict ON UPDATE no action;
  END IF;
END $$;
--> statement-breakpoint
INSERT INTO "reference_gaps" ("id", "migration", "table_name", "row_id", "column_name", "value", "name_then", "note")
SELECT gen_random_uuid()::text, '0017_parties_referenced_not_copied', 'credit_note_applications', t."id", 'unit_id', t."unit_id", t."unit_name", 'unit not found in the group tree: key kept unchecked' FROM "credit_note_applications" t WHERE t."unit_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "group_units" r WHERE r."id" = t."unit_id");
--> statement-breakpoint
DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM "credit_note_applications" t WHERE t."unit_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "group_units" r WHERE r."id" = t."unit_id")) THEN
    ALTER TABLE "credit_note_applications" ADD CONSTRAINT "credit_note_applications_unit_id_group_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."group_units"("id") ON DELETE restrict ON UPDATE no action NOT VALID;
  ELSE
    ALTER TABLE "credit_note_applications" ADD CONSTRAINT "credit_note_applications_unit_id_group_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."group_units"("id") ON DELETE restrict ON UPDATE no action;
  END IF;
END $$;
--> statement-breakpoint
INSERT INTO "reference_gaps" ("id", "migration", "table_name", "row_id", "column_name", "value", "name_then", "note")
SELECT gen_random_uuid()::text, '0017_parties_referenced_not_copied', 'credit_note_applications', t."id", 'quota_account_id', t."quota_account_id", NULL, 'quota account not found: key kept unchecked' FROM "credit_note_applications" t WHERE t."quota_account_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "quota_accounts" r WHERE r."id" = t."quota_account_id");
--> statement-breakpoint
DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM "credit_note_applications" t WHERE t."quota_account_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "quota_accounts" r WHERE r."id" = t."quota_account_id")) THEN
    ALTER TABLE "credit_note_applications" ADD CONSTRAINT "credit_note_applications_quota_account_id_quota_accounts_id_fk" FOREIGN KEY ("quota_account_id") REFERENCES "public"."quota_accounts"("id") ON DELETE restrict ON UPDATE no action NOT VALID;
  ELSE
    ALTER TABLE "credit_note_applications" ADD CONSTRAINT "credit_note_applications_quota_account_id_quota_accounts_id_fk" FOREIGN KEY ("quota_account_id") REFERENCES "public"."quota_accounts"("id") ON DELETE restrict ON UPDATE no action;
  END IF;
END $$;
--> statement-breakpoint
INSERT INTO "reference_gaps" ("id", "migration", "table_name", "row_id", "column_name", "value", "name_then", "note")
SELECT gen_random_uuid()::text, '0017_parties_referenced_not_copied', 'credit_note_applications', t."id", 'payee_corp_id', t."payee_corp_id", t."payee_name", 'payee not found among corporations: key kept unchecked' FROM "credit_note_applications" t WHERE t."payee_corp_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "corporations" r WHERE r."id" = t."payee_corp_id");
--> statement-breakpoint
DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM "credit_note_applications" t WHERE t."payee_corp_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "corporations" r WHERE r."id" = t."payee_corp_id")) THEN
    ALTER TABLE "credit_note_applications" ADD CONSTRAINT "credit_note_applications_payee_corp_id_corporations_id_fk" FOREIGN KEY ("payee_corp_id") REFERENCES "public"."corporations"("id") ON DELETE restrict ON UPDATE no action NOT VALID;
  ELSE
    ALTER TABLE "credit_note_applications" ADD CONSTRAINT "credit_note_applications_payee_corp_id_corporations_id_fk" FOREIGN KEY ("payee_corp_id") REFERENCES "public"."corporations"("id") ON DELETE restrict ON UPDATE no action;
  END IF;
END $$;
--> statement-breakpoint
INSERT INTO "reference_gaps" ("id", "migration", "table_name", "row_id", "column_name", "value", "name_then", "note")
SELECT gen_random_uuid()::text, '0017_parties_referenced_not_copied', 'credit_note_applications', t."id", 'product_id', t."product_id", t."product_name", 'product not found: its name is no longer shown' FROM "credit_note_applications" t WHERE t."product_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "products" r WHERE r."id" = t."product_id");
--> statement-breakpoint
INSERT INTO "reference_gaps" ("id", "migration", "table_name", "row_id", "column_name", "value", "name_then", "note")
SELECT gen_random_uuid()::text, '0017_parties_referenced_not_copied', 'financing_applications', t."id", 'supplier_corp_id', t."supplier_corp_id", t."supplier_name", 'corporation not found: key kept unchecked' FROM "financing_applications" t WHERE t."supplier_corp_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "corporations" r WHERE r."id" = t."supplier_corp_id");
--> statement-breakpoint
DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM "financing_applications" t WHERE t."supplier_corp_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "corporations" r WHERE r."id" = t."supplier_corp_id")) THEN
    ALTER TABLE "financing_applications" ADD CONSTRAINT "financing_applications_supplier_corp_id_corporations_id_fk" FOREIGN KEY ("supplier_corp_id") REFERENCES "public"."corporations"("id") ON DELETE restrict ON UPDATE no action NOT VALID;
  ELSE
    ALTER TABLE "financing_applications" ADD CONSTRAINT "financing_applications_supplier_corp_id_corporations_id_fk" FOREIGN KEY ("supplier_corp_id") REFERENCES "public"."corporations"("id") ON DELETE restrict ON UPDATE no action;
  END IF;
END $$;
--> statement-breakpoint
INSERT INTO "reference_gaps" ("id", "migration", "table_name", "row_id", "column_name", "value", "name_then", "note")
SELECT gen_random_uuid()::text, '0017_parties_referenced_not_copied', 'financing_applications', t."id", 'core_corp_id', t."core_corp_id", t."core_name", 'corporation not found: key kept unchecked' FROM "financing_applications" t WHERE t."core_corp_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "corporations" r WHERE r."id" = t."core_corp_id");
--> statement-breakpoint
DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM "financing_applications" t WHERE t."core_corp_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "corporations" r WHERE r."id" = t."core_corp_id")) THEN
    ALTER TABLE "financing_applications" ADD CONSTRAINT "financing_applications_core_corp_id_corporations_id_fk" FOREIGN KEY ("core_corp_id") REFERENCES "public"."corporations"("id") ON DELETE restrict ON UPDATE no action NOT VALID;
  ELSE
    ALTER TABLE "financing_applications" ADD CONSTRAINT "financing_applications_core_corp_id_corporations_id_fk" FOREIGN KEY ("core_corp_id") REFERENCES "public"."corporations"("id") ON DELETE restrict ON UPDATE no action;
  END IF;
END $$;
--> statement-breakpoint
INSERT INTO "reference_gaps" ("id", "migration", "table_name", "row_id", "column_name", "value", "name_then", "note")
SELECT gen_random_uuid()::text, '0017_parties_referenced_not_copied', 'financing_applications', t."id", 'prd_code', t."prd_code", t."prd_name", 'product not found: key kept unchecked' FROM "financing_applications" t WHERE t."prd_code" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "products" r WHERE r."prd_code" = t."prd_code");
--> statement-breakpoint
DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM "financing_applications" t WHERE t."prd_code" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "products" r WHERE r."prd_code" = t."prd_code")) THEN
    ALTER TABLE "financing_applications" ADD CONSTRAINT "financing_applications_prd_code_products_prd_code_fk" FOREIGN KEY ("prd_code") REFERENCES "public"."products"("prd_code") ON DELETE restrict ON UPDATE no action NOT VALID;
  ELSE
    ALTER TABLE "financing_applications" ADD CONSTRAINT "financing_applications_prd_code_products_prd_code_fk" FOREIGN KEY ("prd_code") REFERENCES "public"."products"("prd_code") ON DELETE restrict ON UPDATE no action;
  END IF;
END $$;
--> statement-breakpoint
ALTER TABLE "quota_accounts" DROP COLUMN "grantor_name";
--> statement-breakpoint
ALTER TABLE "quota_requests" DROP COLUMN "grantor_name";
--> statement-breakpoint
ALTER TABLE "credit_note_applications" DROP COLUMN "unit_name";
--> statement-breakpoint
ALTER TABLE "credit_note_applications" DROP COLUMN "payee_name";
--> statement-breakpoint
ALTER TABLE "credit_note_applications" DROP COLUMN "product_name";
--> statement-breakpoint
ALTER TABLE "financing_applications" DROP COLUMN "supplier_name";
--> statement-breakpoint
ALTER TABLE "financing_applications" DROP COLUMN "core_name";
--> statement-breakpoint
ALTER TABLE "financing_applications" DROP COLUMN "prd_name";
--> statement-breakpoint
ALTER TABLE "financing_applications" DROP COLUMN "finance_corp_name";
