ALTER TABLE "workflow_instances" ADD COLUMN "business_no" text;--> statement-breakpoint
-- Instances started before numbers were kept get their record's number where it is a code that never
-- changes (a batch, bill, application, package, contract, note, credit, product or agreement code);
-- the others (names, accounts) keep none rather than a guess, and their views show no 业务编号.
UPDATE "workflow_instances" i SET "business_no" = r."batch_no" FROM "credit_note_batches" r WHERE i."process_key" = 'Process_CREDIT_ISSUE' AND r."id"::text = i."business_key" AND i."business_no" IS NULL;
--> statement-breakpoint
UPDATE "workflow_instances" i SET "business_no" = r."bill_no" FROM "bills" r WHERE i."process_key" = 'Process_BILL_MANAGE' AND r."id"::text = i."business_key" AND i."business_no" IS NULL;
--> statement-breakpoint
UPDATE "workflow_instances" i SET "business_no" = r."application_no" FROM "financing_applications" r WHERE i."process_key" = 'Process_FINANCING_SIGN_UP' AND r."id"::text = i."business_key" AND i."business_no" IS NULL;
--> statement-breakpoint
UPDATE "workflow_instances" i SET "business_no" = r."package_no" FROM "abs_packages" r WHERE i."process_key" = 'Process_ABS_CERTIFICATE_CODE' AND r."id"::text = i."business_key" AND i."business_no" IS NULL;
--> statement-breakpoint
UPDATE "workflow_instances" i SET "business_no" = r."contract_no" FROM "credit_note_applications" r WHERE i."process_key" = 'PROCESS_CREDIT_CERTIFICATE_CODE' AND r."id"::text = i."business_key" AND i."business_no" IS NULL;
--> statement-breakpoint
UPDATE "workflow_instances" i SET "business_no" = r."note_no" FROM "credit_redeem_registrations" r WHERE i."process_key" = 'Process_CREDIT_REDEEM_REGISTER_BIZ' AND r."id"::text = i."business_key" AND i."business_no" IS NULL;
--> statement-breakpoint
UPDATE "workflow_instances" i SET "business_no" = r."credit_code" FROM "corporations" r WHERE i."process_key" IN ('Process_CI_CORE_ADMIT_CREATE', 'Process_CI_CORE_ADMIT_UPDATE', 'Process_CORP_RENAMING') AND r."id"::text = i."business_key" AND i."business_no" IS NULL;
--> statement-breakpoint
UPDATE "workflow_instances" i SET "business_no" = r."prd_code" FROM "products" r WHERE i."process_key" IN ('Process_CREDIT_PRODUCT_FINANCE', 'Process_CREDIT_PRODUCT_CORE_FINANCE', 'Process_CREDIT_PRODUCT_CORE', 'Process_RF_PROD_CORE', 'Process_RF_PROD_FINANCE', 'Process_RF_PROD_CORE_FINANCE') AND r."id"::text = i."business_key" AND i."business_no" IS NULL;
--> statement-breakpoint
UPDATE "workflow_instances" i SET "business_no" = r."agreement_code" FROM "agreements" r WHERE i."process_key" IN ('Process_CREDIT_AGREEMENT', 'Process_RF_AGREEMENT') AND r."id"::text = i."business_key" AND i."business_no" IS NULL;
