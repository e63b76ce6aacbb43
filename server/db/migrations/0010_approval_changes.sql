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
CREATE UNIQUE INDEX "approval_changes_running_uq" ON "approval_changes" USING btree ("scope","record_id") WHERE "approval_changes"."status" = 'RUNNING';--> statement-breakpoint
CREATE INDEX "approval_changes_record_idx" ON "approval_changes" USING btree ("scope","record_id","create_time");--> statement-breakpoint
CREATE INDEX "approval_changes_instance_idx" ON "approval_changes" USING btree ("instance_id");