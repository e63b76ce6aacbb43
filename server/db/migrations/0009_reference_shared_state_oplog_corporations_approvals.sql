CREATE TABLE "approval_changes" (
	"id" text PRIMARY KEY NOT NULL,
	"resource" text NOT NULL,
	"scope" text NOT NULL,
	"record_id" text NOT NULL,
	"action" text NOT NULL,
	"process_key" text NOT NULL,
	"instance_id" text,
	"proposed" jsonb NOT NULL,
	"previous" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'RUNNING' NOT NULL,
	"end_time" timestamp with time zone,
	"data_version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
CREATE TABLE "corp_bank_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"corp_id" text NOT NULL,
	"bank_name" text NOT NULL,
	"branch_name" text,
	"account_name" text NOT NULL,
	"account_no" text NOT NULL,
	"usage" text DEFAULT 'GENERAL' NOT NULL,
	"data_version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
CREATE TABLE "corp_verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"corp_id" text NOT NULL,
	"kind" text NOT NULL,
	"bank_account_id" text,
	"status" text NOT NULL,
	"paid_amount" numeric(4, 2),
	"attempts" integer DEFAULT 0 NOT NULL,
	"fail_reason" text,
	"data_version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
CREATE TABLE "corporations" (
	"id" text PRIMARY KEY NOT NULL,
	"corp_name" text NOT NULL,
	"credit_code" text NOT NULL,
	"corp_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"legal_person_name" text,
	"legal_person_id_card" text,
	"manager_name" text,
	"manager_mobile" text,
	"registered_address" text,
	"realname_record_id" text,
	"admission_status" text DEFAULT 'NOT_APPLIED' NOT NULL,
	"data_version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text,
	CONSTRAINT "corporations_credit_code_unique" UNIQUE("credit_code")
);
--> statement-breakpoint
CREATE TABLE "group_units" (
	"id" text PRIMARY KEY NOT NULL,
	"group_id" text NOT NULL,
	"parent_id" text,
	"kind" text NOT NULL,
	"unit_name" text NOT NULL,
	"corp_id" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"data_version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
CREATE TABLE "sys_operation_logs" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"username" text NOT NULL,
	"person_name" text,
	"ip_address" text,
	"user_agent" text,
	"resource" text NOT NULL,
	"record_id" text,
	"action" text NOT NULL,
	"fields" text,
	"before" jsonb,
	"after" jsonb,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reference_items" (
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reference_items_kind_key_pk" PRIMARY KEY("kind","key")
);
--> statement-breakpoint
CREATE TABLE "download_tickets" (
	"ticket_hash" text PRIMARY KEY NOT NULL,
	"record_id" text NOT NULL,
	"user_id" text NOT NULL,
	"file_path" text NOT NULL,
	"file_name" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "export_runners" (
	"record_id" text PRIMARY KEY NOT NULL,
	"process_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_processes" (
	"id" text PRIMARY KEY NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_secrets" (
	"id" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "used_nonces" (
	"nonce" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "corp_bank_accounts" ADD CONSTRAINT "corp_bank_accounts_corp_id_corporations_id_fk" FOREIGN KEY ("corp_id") REFERENCES "public"."corporations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corp_verifications" ADD CONSTRAINT "corp_verifications_corp_id_corporations_id_fk" FOREIGN KEY ("corp_id") REFERENCES "public"."corporations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corp_verifications" ADD CONSTRAINT "corp_verifications_bank_account_id_corp_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."corp_bank_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corporations" ADD CONSTRAINT "corporations_realname_record_id_realname_records_id_fk" FOREIGN KEY ("realname_record_id") REFERENCES "public"."realname_records"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_units" ADD CONSTRAINT "group_units_corp_id_corporations_id_fk" FOREIGN KEY ("corp_id") REFERENCES "public"."corporations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "approval_changes_running_uq" ON "approval_changes" USING btree ("scope","record_id") WHERE "approval_changes"."status" = 'RUNNING';--> statement-breakpoint
CREATE INDEX "approval_changes_record_idx" ON "approval_changes" USING btree ("scope","record_id","create_time");--> statement-breakpoint
CREATE INDEX "approval_changes_instance_idx" ON "approval_changes" USING btree ("instance_id");--> statement-breakpoint
CREATE INDEX "corp_bank_accounts_corp_idx" ON "corp_bank_accounts" USING btree ("corp_id","create_time");--> statement-breakpoint
CREATE INDEX "corp_verifications_corp_idx" ON "corp_verifications" USING btree ("corp_id","kind","create_time");--> statement-breakpoint
CREATE INDEX "corporations_name_idx" ON "corporations" USING btree ("corp_name");--> statement-breakpoint
CREATE INDEX "corporations_order_idx" ON "corporations" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "group_units_parent_idx" ON "group_units" USING btree ("parent_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "group_units_group_corp_uq" ON "group_units" USING btree ("group_id","corp_id");--> statement-breakpoint
CREATE INDEX "sys_operation_logs_create_time_idx" ON "sys_operation_logs" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "sys_operation_logs_record_idx" ON "sys_operation_logs" USING btree ("resource","record_id");--> statement-breakpoint
CREATE INDEX "sys_operation_logs_user_idx" ON "sys_operation_logs" USING btree ("user_id","create_time");--> statement-breakpoint
CREATE INDEX "sys_operation_logs_action_idx" ON "sys_operation_logs" USING btree ("action","create_time");--> statement-breakpoint
CREATE INDEX "download_tickets_expires_idx" ON "download_tickets" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "used_nonces_expires_idx" ON "used_nonces" USING btree ("expires_at");