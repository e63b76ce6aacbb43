ALTER TABLE "users" ADD COLUMN "org_id" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_org_id_sys_orgs_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."sys_orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- hand-written: place the accounts an earlier release made in a department. Before this release an account
-- named only its entities (所属机构: corps); the department whose name is the account's default entity's
-- name (华东运营分公司 → 华东运营分公司) is the one it works in. An account with no such department keeps
-- no department and is listed in reference_gaps, so the administrator places it (the edit form requires one).
UPDATE "users" u SET "org_id" = o."id"
FROM "corps" c, "sys_orgs" o
WHERE u."org_id" IS NULL AND c."corp_id" = u."default_corp_id" AND o."org_name" = c."corp_name"
  AND o."id" = (SELECT min(o2."id") FROM "sys_orgs" o2 WHERE o2."org_name" = c."corp_name");
--> statement-breakpoint
INSERT INTO "reference_gaps" ("id", "migration", "table_name", "row_id", "column_name", "value", "name_then", "note")
SELECT gen_random_uuid()::text, '0027_staff_department', 'users', u."id", 'org_id', u."default_corp_id", u."person_name", 'no department named as the account''s default entity: placed in none'
FROM "users" u WHERE u."org_id" IS NULL;
