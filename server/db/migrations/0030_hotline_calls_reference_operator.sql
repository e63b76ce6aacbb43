-- hand-written: the call log names the staff member who placed a call by reference (issue 37): the
-- name copied at dial time goes, the operator's current name is read by join. The key drizzle-kit
-- generated (hotline_calls_operator_id_users_id_fk) and the drop of the copied name come after the
-- mapping and the report they need (moved here from the generated part, as 0021 does). A call whose
-- operator id names no staff account is mapped by the name it held when exactly one account bears it
-- (reported in reference_gaps with the account it now reads); one that still names none is kept and
-- reported with its name, and the key is then added NOT VALID (every new call is checked); with no
-- such call it is added checked.
INSERT INTO "reference_gaps" ("id", "migration", "table_name", "row_id", "column_name", "value", "name_then", "note")
SELECT gen_random_uuid()::text, '0030_hotline_calls_reference_operator', 'hotline_calls', t."id", 'operator_id', u."id", t."operator_name", 'operator account not found by id: mapped by its name'
FROM "hotline_calls" t JOIN "users" u ON u."person_name" = t."operator_name"
WHERE NOT EXISTS (SELECT 1 FROM "users" r WHERE r."id" = t."operator_id")
  AND (SELECT count(*) FROM "users" same WHERE same."person_name" = t."operator_name") = 1;
--> statement-breakpoint
UPDATE "hotline_calls" t SET "operator_id" = u."id"
FROM "users" u
WHERE u."person_name" = t."operator_name"
  AND NOT EXISTS (SELECT 1 FROM "users" r WHERE r."id" = t."operator_id")
  AND (SELECT count(*) FROM "users" same WHERE same."person_name" = t."operator_name") = 1;
--> statement-breakpoint
INSERT INTO "reference_gaps" ("id", "migration", "table_name", "row_id", "column_name", "value", "name_then", "note")
SELECT gen_random_uuid()::text, '0030_hotline_calls_reference_operator', 'hotline_calls', t."id", 'operator_id', t."operator_id", t."operator_name", 'operator account not found: key kept unchecked'
FROM "hotline_calls" t WHERE NOT EXISTS (SELECT 1 FROM "users" r WHERE r."id" = t."operator_id");
--> statement-breakpoint
DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM "hotline_calls" t WHERE NOT EXISTS (SELECT 1 FROM "users" r WHERE r."id" = t."operator_id")) THEN
    ALTER TABLE "hotline_calls" ADD CONSTRAINT "hotline_calls_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action NOT VALID;
  ELSE
    ALTER TABLE "hotline_calls" ADD CONSTRAINT "hotline_calls_operator_id_users_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;
  END IF;
END $$;
--> statement-breakpoint
ALTER TABLE "hotline_calls" DROP COLUMN "operator_name";
