CREATE TABLE "sms_sign_codes" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"person_id" text,
	"corp_id" text,
	"business_type" text NOT NULL,
	"product_type" text NOT NULL,
	"business_keys" text NOT NULL,
	"code_hash" text NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"data_version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stored_files" (
	"id" text PRIMARY KEY NOT NULL,
	"original_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"uploader_id" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflow_history" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" integer GENERATED ALWAYS AS IDENTITY (sequence name "workflow_history_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"instance_id" text NOT NULL,
	"task_id" text NOT NULL,
	"task_definition_key" text NOT NULL,
	"activity_type" text NOT NULL,
	"action" text NOT NULL,
	"user_id" text NOT NULL,
	"username" text NOT NULL,
	"person_name" text NOT NULL,
	"remark" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "workflow_instances" (
	"id" text PRIMARY KEY NOT NULL,
	"process_key" text NOT NULL,
	"business_key" text NOT NULL,
	"business_type" text,
	"summary" text,
	"variables" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'RUNNING' NOT NULL,
	"current_activity" text,
	"start_user_id" text NOT NULL,
	"start_username" text NOT NULL,
	"start_person_name" text NOT NULL,
	"end_time" timestamp with time zone,
	"data_version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
CREATE TABLE "workflow_tasks" (
	"id" text PRIMARY KEY NOT NULL,
	"instance_id" text NOT NULL,
	"process_key" text NOT NULL,
	"task_definition_key" text NOT NULL,
	"activity_type" text NOT NULL,
	"working_role" text NOT NULL,
	"status" text DEFAULT 'TODO' NOT NULL,
	"assignee_id" text,
	"assignee_name" text,
	"claim_time" timestamp with time zone,
	"outcome" text,
	"remark" text,
	"complete_time" timestamp with time zone,
	"data_version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
ALTER TABLE "sms_sign_codes" ADD CONSTRAINT "sms_sign_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_files" ADD CONSTRAINT "stored_files_uploader_id_users_id_fk" FOREIGN KEY ("uploader_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_history" ADD CONSTRAINT "workflow_history_instance_id_workflow_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."workflow_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workflow_tasks" ADD CONSTRAINT "workflow_tasks_instance_id_workflow_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."workflow_instances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sms_sign_codes_user_idx" ON "sms_sign_codes" USING btree ("user_id","sent_at");--> statement-breakpoint
CREATE INDEX "stored_files_uploader_idx" ON "stored_files" USING btree ("uploader_id");--> statement-breakpoint
CREATE INDEX "workflow_history_instance_idx" ON "workflow_history" USING btree ("instance_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_instances_running_uq" ON "workflow_instances" USING btree ("process_key","business_key") WHERE "workflow_instances"."status" = 'RUNNING';--> statement-breakpoint
CREATE INDEX "workflow_instances_business_idx" ON "workflow_instances" USING btree ("business_key");--> statement-breakpoint
CREATE INDEX "workflow_instances_starter_idx" ON "workflow_instances" USING btree ("start_user_id","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "workflow_tasks_open_uq" ON "workflow_tasks" USING btree ("instance_id") WHERE "workflow_tasks"."status" = 'TODO';--> statement-breakpoint
CREATE INDEX "workflow_tasks_todo_idx" ON "workflow_tasks" USING btree ("status","working_role","create_time");--> statement-breakpoint
CREATE INDEX "workflow_tasks_assignee_idx" ON "workflow_tasks" USING btree ("assignee_id","status","complete_time");