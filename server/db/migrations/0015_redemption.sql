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
ALTER TABLE "credit_payment_notes" ADD CONSTRAINT "credit_payment_notes_payment_id_credit_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."credit_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_payment_notes" ADD CONSTRAINT "credit_payment_notes_note_id_credit_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."credit_notes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_redeem_registrations" ADD CONSTRAINT "credit_redeem_registrations_note_id_credit_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."credit_notes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_payment_notes_uq" ON "credit_payment_notes" USING btree ("payment_id","note_id");--> statement-breakpoint
CREATE INDEX "credit_payment_notes_note_idx" ON "credit_payment_notes" USING btree ("note_id");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_payments_serial_uq" ON "credit_payments" USING btree ("bank_serial_no");--> statement-breakpoint
CREATE INDEX "credit_payments_status_idx" ON "credit_payments" USING btree ("status","create_time");--> statement-breakpoint
CREATE INDEX "credit_redeem_registrations_status_idx" ON "credit_redeem_registrations" USING btree ("status","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_redeem_registrations_running_uq" ON "credit_redeem_registrations" USING btree ("note_id") WHERE "credit_redeem_registrations"."status" = 'RUNNING';