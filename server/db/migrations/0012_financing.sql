CREATE TABLE "financing_applications" (
	"id" text PRIMARY KEY NOT NULL,
	"application_no" text NOT NULL,
	"supplier_corp_id" text NOT NULL,
	"supplier_name" text NOT NULL,
	"core_corp_id" text NOT NULL,
	"core_name" text NOT NULL,
	"prd_code" text NOT NULL,
	"prd_name" text NOT NULL,
	"finance_corp_name" text,
	"amount" numeric(16, 2),
	"contact_name" text,
	"contact_mobile" text,
	"settlement_account_id" text,
	"remark" text,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"instance_id" text,
	"qualified_at" timestamp with time zone,
	"signed_at" timestamp with time zone,
	"signed_by" text,
	"data_version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text,
	CONSTRAINT "financing_applications_application_no_unique" UNIQUE("application_no"),
	CONSTRAINT "financing_applications_amount_ck" CHECK ("financing_applications"."amount" IS NULL OR "financing_applications"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "financing_materials" (
	"id" text PRIMARY KEY NOT NULL,
	"application_id" text NOT NULL,
	"kind" text NOT NULL,
	"file_id" text NOT NULL,
	"file_name" text NOT NULL,
	"verdict" text DEFAULT 'WAIT' NOT NULL,
	"remark" text,
	"reviewer_id" text,
	"reviewer_name" text,
	"review_time" timestamp with time zone,
	"data_version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
ALTER TABLE "financing_materials" ADD CONSTRAINT "financing_materials_application_id_financing_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."financing_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "financing_applications_open_uq" ON "financing_applications" USING btree ("supplier_corp_id","core_corp_id","prd_code") WHERE "financing_applications"."status" IN ('DRAFT', 'REVIEWING', 'RETURNED', 'APPROVED');--> statement-breakpoint
CREATE INDEX "financing_applications_supplier_idx" ON "financing_applications" USING btree ("supplier_corp_id","create_time");--> statement-breakpoint
CREATE INDEX "financing_applications_order_idx" ON "financing_applications" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "financing_materials_application_idx" ON "financing_materials" USING btree ("application_id","kind","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "financing_materials_file_uq" ON "financing_materials" USING btree ("application_id","file_id");