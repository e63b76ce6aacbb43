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
CREATE INDEX "sys_operation_logs_create_time_idx" ON "sys_operation_logs" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "sys_operation_logs_record_idx" ON "sys_operation_logs" USING btree ("resource","record_id");--> statement-breakpoint
CREATE INDEX "sys_operation_logs_user_idx" ON "sys_operation_logs" USING btree ("user_id","create_time");--> statement-breakpoint
CREATE INDEX "sys_operation_logs_action_idx" ON "sys_operation_logs" USING btree ("action","create_time");