CREATE TABLE "data_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"key_material" text NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
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
ALTER TABLE "realname_records" ADD CONSTRAINT "realname_records_licence_file_id_stored_files_id_fk" FOREIGN KEY ("licence_file_id") REFERENCES "public"."stored_files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "realname_records" ADD CONSTRAINT "realname_records_instance_id_workflow_instances_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."workflow_instances"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "realname_records" ADD CONSTRAINT "realname_records_creator_id_users_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "realname_records_status_idx" ON "realname_records" USING btree ("status","create_time");--> statement-breakpoint
CREATE INDEX "realname_records_corp_name_idx" ON "realname_records" USING btree ("corp_name");