CREATE TABLE "audit_rule_exceptions" (
	"id" text PRIMARY KEY NOT NULL,
	"rule_id" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"reason" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"requested_by" text NOT NULL,
	"approved_by" text,
	"approved_at" timestamp with time zone,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_rule_exceptions_second_person_ck" CHECK ("audit_rule_exceptions"."approved_by" is null or "audit_rule_exceptions"."approved_by" <> "audit_rule_exceptions"."requested_by")
);
--> statement-breakpoint
CREATE TABLE "audit_rule_runs" (
	"id" text PRIMARY KEY NOT NULL,
	"rule_set_version" text NOT NULL,
	"run_by" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	"report" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_rules" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"severity" text NOT NULL,
	"owner" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"definition" jsonb NOT NULL,
	"data_version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
ALTER TABLE "audit_rule_exceptions" ADD CONSTRAINT "audit_rule_exceptions_rule_id_audit_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."audit_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_rule_exceptions_subject_idx" ON "audit_rule_exceptions" USING btree ("subject_type","subject_id");--> statement-breakpoint
CREATE UNIQUE INDEX "audit_rule_exceptions_live_uq" ON "audit_rule_exceptions" USING btree ("rule_id","subject_type","subject_id") WHERE "audit_rule_exceptions"."status" in ('PENDING', 'APPROVED');--> statement-breakpoint
CREATE INDEX "audit_rule_runs_finished_idx" ON "audit_rule_runs" USING btree ("finished_at");--> statement-breakpoint
CREATE INDEX "credit_notes_due_no_idx" ON "credit_notes" USING btree ("due_date","note_no");