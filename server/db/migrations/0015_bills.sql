CREATE SEQUENCE "public"."bill_invoice_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."bill_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "bill_invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"bill_id" text NOT NULL,
	"invoice_no" text NOT NULL,
	"invoice_type" text NOT NULL,
	"title" text NOT NULL,
	"tax_id" text NOT NULL,
	"address" text NOT NULL,
	"bank_name" text NOT NULL,
	"account_no" text NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"invoice_date" date NOT NULL,
	"remark" text,
	"data_version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text,
	CONSTRAINT "bill_invoices_bill_id_unique" UNIQUE("bill_id"),
	CONSTRAINT "bill_invoices_invoice_no_unique" UNIQUE("invoice_no"),
	CONSTRAINT "bill_invoices_amount_ck" CHECK ("bill_invoices"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "bill_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"bill_id" text NOT NULL,
	"basis" text NOT NULL,
	"policy_id" text NOT NULL,
	"policy_name" text NOT NULL,
	"prd_code" text NOT NULL,
	"tenor_from_days" integer NOT NULL,
	"tenor_to_days" integer NOT NULL,
	"rate" numeric(5, 2) NOT NULL,
	"basis_amount" numeric(18, 2) NOT NULL,
	"item_count" integer NOT NULL,
	"fee_amount" numeric(18, 2) NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bill_lines_amounts_ck" CHECK ("bill_lines"."basis_amount" >= 0 AND "bill_lines"."fee_amount" >= 0 AND "bill_lines"."rate" >= 0)
);
--> statement-breakpoint
CREATE TABLE "bills" (
	"id" text PRIMARY KEY NOT NULL,
	"bill_no" text NOT NULL,
	"corp_id" text NOT NULL,
	"corp_name" text NOT NULL,
	"period" text NOT NULL,
	"issued_amount" numeric(18, 2) NOT NULL,
	"financed_amount" numeric(18, 2) NOT NULL,
	"unpriced_amount" numeric(18, 2) NOT NULL,
	"fee_amount" numeric(18, 2) NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"instance_id" text,
	"reject_remark" text,
	"paid_date" date,
	"paid_remark" text,
	"data_version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text,
	CONSTRAINT "bills_bill_no_unique" UNIQUE("bill_no"),
	CONSTRAINT "bills_corp_period_uq" UNIQUE("corp_id","period"),
	CONSTRAINT "bills_period_ck" CHECK ("bills"."period" ~ '^20[0-9]{2}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "bills_amounts_ck" CHECK ("bills"."issued_amount" >= 0 AND "bills"."financed_amount" >= 0 AND "bills"."unpriced_amount" >= 0 AND "bills"."fee_amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "bill_invoices" ADD CONSTRAINT "bill_invoices_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_lines" ADD CONSTRAINT "bill_lines_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bill_lines_bill_idx" ON "bill_lines" USING btree ("bill_id");--> statement-breakpoint
CREATE INDEX "bills_status_period_idx" ON "bills" USING btree ("status","period");--> statement-breakpoint
CREATE INDEX "bills_period_idx" ON "bills" USING btree ("period","corp_name");