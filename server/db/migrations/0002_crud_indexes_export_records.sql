CREATE TABLE "file_export_records" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"resource_name" text NOT NULL,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'PROCESSING' NOT NULL,
	"row_count" integer,
	"message" text,
	"file_path" text,
	"read_at" timestamp with time zone,
	"data_version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
ALTER TABLE "file_export_records" ADD CONSTRAINT "file_export_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_export_records_user_idx" ON "file_export_records" USING btree ("user_id","create_time");--> statement-breakpoint
CREATE INDEX "sys_dict_data_type_sort_idx" ON "sys_dict_data" USING btree ("dict_type","dict_sort");