CREATE TABLE "certificate_applications" (
	"id" text PRIMARY KEY NOT NULL,
	"certificate_id" text NOT NULL,
	"kind" text NOT NULL,
	"valid_from" date,
	"valid_to" date NOT NULL,
	"invoice_type" text,
	"remark" text,
	"previous_status" text NOT NULL,
	"instance_id" text,
	"status" text DEFAULT 'RUNNING' NOT NULL,
	"data_version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" text PRIMARY KEY NOT NULL,
	"holder_corp_name" text NOT NULL,
	"holder_corp_id" text NOT NULL,
	"serial_no" text,
	"issuer" text,
	"valid_from" date,
	"valid_to" date,
	"status" text NOT NULL,
	"invoice_type" text,
	"data_version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text,
	CONSTRAINT "certificates_serial_no_unique" UNIQUE("serial_no")
);
--> statement-breakpoint
ALTER TABLE "certificate_applications" ADD CONSTRAINT "certificate_applications_certificate_id_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."certificates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificate_applications_running_uq" ON "certificate_applications" USING btree ("certificate_id") WHERE "certificate_applications"."status" = 'RUNNING';--> statement-breakpoint
CREATE INDEX "certificate_applications_certificate_idx" ON "certificate_applications" USING btree ("certificate_id","create_time");--> statement-breakpoint
CREATE INDEX "certificates_status_valid_to_idx" ON "certificates" USING btree ("status","valid_to");--> statement-breakpoint
CREATE INDEX "certificates_create_time_idx" ON "certificates" USING btree ("create_time");