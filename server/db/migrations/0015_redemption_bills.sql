CREATE SEQUENCE "public"."financing_application_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."bill_invoice_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."bill_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "credit_payment_notes" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"note_id" text NOT NULL,
	"amount" numeric(18, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"payer_unit_id" text NOT NULL,
	"payer_name" text NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"value_date" date NOT NULL,
	"bank_serial_no" text NOT NULL,
	"remark" text,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"audit_opinion" text,
	"audit_by" text,
	"auditor_name" text,
	"audit_time" timestamp with time zone,
	"data_version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text,
	CONSTRAINT "credit_payments_amount_ck" CHECK ("credit_payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "credit_redeem_registrations" (
	"id" text PRIMARY KEY NOT NULL,
	"note_id" text NOT NULL,
	"note_no" text NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"paid_date" date NOT NULL,
	"evidence_file_id" text NOT NULL,
	"evidence_name" text NOT NULL,
	"remark" text,
	"status" text DEFAULT 'RUNNING' NOT NULL,
	"instance_id" text,
	"data_version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
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
ALTER TABLE "credit_payment_notes" ADD CONSTRAINT "credit_payment_notes_payment_id_credit_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."credit_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_payment_notes" ADD CONSTRAINT "credit_payment_notes_note_id_credit_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."credit_notes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_redeem_registrations" ADD CONSTRAINT "credit_redeem_registrations_note_id_credit_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."credit_notes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_invoices" ADD CONSTRAINT "bill_invoices_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_lines" ADD CONSTRAINT "bill_lines_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_payment_notes_uq" ON "credit_payment_notes" USING btree ("payment_id","note_id");--> statement-breakpoint
CREATE INDEX "credit_payment_notes_note_idx" ON "credit_payment_notes" USING btree ("note_id");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_payments_serial_uq" ON "credit_payments" USING btree ("bank_serial_no");--> statement-breakpoint
CREATE INDEX "credit_payments_status_idx" ON "credit_payments" USING btree ("status","create_time");--> statement-breakpoint
CREATE INDEX "credit_redeem_registrations_status_idx" ON "credit_redeem_registrations" USING btree ("status","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_redeem_registrations_running_uq" ON "credit_redeem_registrations" USING btree ("note_id") WHERE "credit_redeem_registrations"."status" = 'RUNNING';--> statement-breakpoint
CREATE INDEX "bill_lines_bill_idx" ON "bill_lines" USING btree ("bill_id");--> statement-breakpoint
CREATE INDEX "bills_status_period_idx" ON "bills" USING btree ("status","period");--> statement-breakpoint
CREATE INDEX "bills_period_idx" ON "bills" USING btree ("period","corp_name");