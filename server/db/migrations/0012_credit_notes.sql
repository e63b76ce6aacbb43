CREATE SEQUENCE "public"."credit_batch_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."credit_note_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "credit_note_applications" (
	"id" text PRIMARY KEY NOT NULL,
	"level" text NOT NULL,
	"group_id" text NOT NULL,
	"unit_id" text NOT NULL,
	"unit_name" text NOT NULL,
	"quota_account_id" text NOT NULL,
	"payee_corp_id" text NOT NULL,
	"payee_name" text NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"due_date" date NOT NULL,
	"product_id" text NOT NULL,
	"product_name" text NOT NULL,
	"contract_no" text NOT NULL,
	"remark" text,
	"status" text DEFAULT 'RUNNING' NOT NULL,
	"instance_id" text,
	"batch_id" text,
	"data_version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text,
	CONSTRAINT "credit_note_applications_amount_ck" CHECK ("credit_note_applications"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "credit_note_batches" (
	"id" text PRIMARY KEY NOT NULL,
	"batch_no" text NOT NULL,
	"group_id" text NOT NULL,
	"group_name" text NOT NULL,
	"total_amount" numeric(18, 2) NOT NULL,
	"note_count" integer NOT NULL,
	"status" text DEFAULT 'RUNNING' NOT NULL,
	"instance_id" text,
	"data_version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text,
	CONSTRAINT "credit_note_batches_batch_no_unique" UNIQUE("batch_no")
);
--> statement-breakpoint
CREATE TABLE "credit_note_holds" (
	"id" text PRIMARY KEY NOT NULL,
	"note_id" text NOT NULL,
	"kind" text NOT NULL,
	"from_corp_id" text,
	"from_name" text,
	"to_corp_id" text NOT NULL,
	"to_name" text NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text
);
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" text PRIMARY KEY NOT NULL,
	"note_no" text NOT NULL,
	"parent_id" text,
	"root_id" text NOT NULL,
	"batch_id" text,
	"application_id" text,
	"group_id" text NOT NULL,
	"issuer_unit_id" text NOT NULL,
	"issuer_name" text NOT NULL,
	"quota_account_id" text NOT NULL,
	"holder_corp_id" text NOT NULL,
	"holder_name" text NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"issue_date" date NOT NULL,
	"due_date" date NOT NULL,
	"product_name" text NOT NULL,
	"status" text NOT NULL,
	"data_version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text,
	CONSTRAINT "credit_notes_note_no_unique" UNIQUE("note_no"),
	CONSTRAINT "credit_notes_amount_ck" CHECK ("credit_notes"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "credit_note_holds" ADD CONSTRAINT "credit_note_holds_note_id_credit_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."credit_notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_parent_id_credit_notes_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."credit_notes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_note_applications_level_idx" ON "credit_note_applications" USING btree ("level","status","create_time");--> statement-breakpoint
CREATE INDEX "credit_note_applications_batch_idx" ON "credit_note_applications" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "credit_note_batches_status_idx" ON "credit_note_batches" USING btree ("status","create_time");--> statement-breakpoint
CREATE INDEX "credit_note_holds_note_idx" ON "credit_note_holds" USING btree ("note_id","create_time");--> statement-breakpoint
CREATE INDEX "credit_notes_holder_status_due_idx" ON "credit_notes" USING btree ("holder_corp_id","status","due_date");--> statement-breakpoint
CREATE INDEX "credit_notes_status_due_idx" ON "credit_notes" USING btree ("status","due_date");--> statement-breakpoint
CREATE INDEX "credit_notes_root_idx" ON "credit_notes" USING btree ("root_id");--> statement-breakpoint
CREATE INDEX "credit_notes_parent_idx" ON "credit_notes" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "credit_notes_batch_idx" ON "credit_notes" USING btree ("batch_id");