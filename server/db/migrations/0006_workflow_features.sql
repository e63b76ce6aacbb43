CREATE TABLE "data_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"key_material" text NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "doc_file_approvals" (
	"id" text PRIMARY KEY NOT NULL,
	"doc_file_id" text NOT NULL,
	"task_segment" text NOT NULL,
	"approve_result" text NOT NULL,
	"approve_remark" text,
	"approver_id" text NOT NULL,
	"approver_name" text NOT NULL,
	"approve_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "doc_files" (
	"id" text PRIMARY KEY NOT NULL,
	"doc_material_id" text NOT NULL,
	"file_id" text NOT NULL,
	"file_name" text NOT NULL,
	"extra_params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"data_version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
CREATE TABLE "doc_materials" (
	"id" text PRIMARY KEY NOT NULL,
	"business_key" text NOT NULL,
	"doc_file_type" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"data_version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
CREATE TABLE "doc_properties" (
	"id" text PRIMARY KEY NOT NULL,
	"business_key" text NOT NULL,
	"property_type" text NOT NULL,
	"content" text,
	"components" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"data_version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
CREATE TABLE "realname_records" (
	"id" text PRIMARY KEY NOT NULL,
	"corp_name" text NOT NULL,
	"credit_code" text,
	"legal_person_name" text,
	"id_card_cipher" text,
	"mobile_phone_cipher" text,
	"bank_card_cipher" text,
	"licence_file_id" text,
	"status" text NOT NULL,
	"instance_id" text,
	"reject_remark" text,
	"creator_id" text,
	"data_version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
ALTER TABLE "sms_sign_codes" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "doc_file_approvals" ADD CONSTRAINT "doc_file_approvals_doc_file_id_doc_files_id_fk" FOREIGN KEY ("doc_file_id") REFERENCES "public"."doc_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doc_files" ADD CONSTRAINT "doc_files_doc_material_id_doc_materials_id_fk" FOREIGN KEY ("doc_material_id") REFERENCES "public"."doc_materials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doc_files" ADD CONSTRAINT "doc_files_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "realname_records" ADD CONSTRAINT "realname_records_licence_file_id_stored_files_id_fk" FOREIGN KEY ("licence_file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "realname_records" ADD CONSTRAINT "realname_records_instance_id_workflow_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."workflow_instances"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "realname_records" ADD CONSTRAINT "realname_records_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "doc_file_approvals_segment_uq" ON "doc_file_approvals" USING btree ("doc_file_id","task_segment");--> statement-breakpoint
CREATE INDEX "doc_files_material_idx" ON "doc_files" USING btree ("doc_material_id","sort_order");--> statement-breakpoint
CREATE INDEX "doc_materials_business_idx" ON "doc_materials" USING btree ("business_key","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "doc_properties_type_uq" ON "doc_properties" USING btree ("business_key","property_type");--> statement-breakpoint
CREATE INDEX "realname_records_status_idx" ON "realname_records" USING btree ("status","create_time");--> statement-breakpoint
CREATE INDEX "realname_records_corp_name_idx" ON "realname_records" USING btree ("corp_name");