-- hand-written: an issuance application's product gets its key. The key drizzle-kit generated
-- (credit_note_applications_product_id_products_id_fk) comes after the mapping and the report it needs
-- (moved here from the generated part, as 0017 does): a product named by its code rather than its id is
-- mapped to the id; one that names no product is kept and listed in reference_gaps, and the key is then
-- added NOT VALID (every new application is checked); with no such row it is added checked.
UPDATE "credit_note_applications" t SET "product_id" = p."id" FROM "products" p WHERE p."prd_code" = t."product_id" AND NOT EXISTS (SELECT 1 FROM "products" r WHERE r."id" = t."product_id");
--> statement-breakpoint
INSERT INTO "reference_gaps" ("id", "migration", "table_name", "row_id", "column_name", "value", "name_then", "note")
SELECT gen_random_uuid()::text, '0023_credit_note_applications_product_key', 'credit_note_applications', t."id", 'product_id', t."product_id", NULL, 'product not found: key kept unchecked' FROM "credit_note_applications" t WHERE NOT EXISTS (SELECT 1 FROM "products" r WHERE r."id" = t."product_id");
--> statement-breakpoint
DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM "credit_note_applications" t WHERE NOT EXISTS (SELECT 1 FROM "products" r WHERE r."id" = t."product_id")) THEN
    ALTER TABLE "credit_note_applications" ADD CONSTRAINT "credit_note_applications_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action NOT VALID;
  ELSE
    ALTER TABLE "credit_note_applications" ADD CONSTRAINT "credit_note_applications_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;
  END IF;
END $$;
