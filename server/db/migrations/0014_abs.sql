CREATE SEQUENCE "public"."abs_package_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."zd_registry_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "abs_issue_nodes" (
	"id" text PRIMARY KEY NOT NULL,
	"package_id" text NOT NULL,
	"node" text NOT NULL,
	"node_date" date NOT NULL,
	"remark" text,
	"documents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"data_version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text,
	CONSTRAINT "abs_issue_nodes_package_node_uq" UNIQUE("package_id","node")
);
--> statement-breakpoint
CREATE TABLE "abs_package_notes" (
	"package_id" text NOT NULL,
	"note_id" text NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	CONSTRAINT "abs_package_notes_package_id_note_id_pk" PRIMARY KEY("package_id","note_id"),
	CONSTRAINT "abs_package_notes_note_uq" UNIQUE("note_id")
);
--> statement-breakpoint
CREATE TABLE "abs_packages" (
	"id" text PRIMARY KEY NOT NULL,
	"package_no" text NOT NULL,
	"package_name" text NOT NULL,
	"programme" text NOT NULL,
	"min_tenor_days" integer NOT NULL,
	"max_tenor_days" integer NOT NULL,
	"max_debtor_share" numeric(5, 4) NOT NULL,
	"target_size" numeric(18, 2) NOT NULL,
	"status" text DEFAULT 'BUILDING' NOT NULL,
	"material_instance_id" text,
	"data_version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text,
	CONSTRAINT "abs_packages_package_no_unique" UNIQUE("package_no"),
	CONSTRAINT "abs_packages_tenor_ck" CHECK ("abs_packages"."min_tenor_days" >= 0 AND "abs_packages"."max_tenor_days" >= "abs_packages"."min_tenor_days"),
	CONSTRAINT "abs_packages_share_ck" CHECK ("abs_packages"."max_debtor_share" > 0 AND "abs_packages"."max_debtor_share" <= 1),
	CONSTRAINT "abs_packages_target_ck" CHECK ("abs_packages"."target_size" > 0)
);
--> statement-breakpoint
CREATE TABLE "zd_registration_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"registration_id" text NOT NULL,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb NOT NULL,
	"receipt_no" text NOT NULL,
	"certificate_file_id" text,
	"remark" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text
);
--> statement-breakpoint
CREATE TABLE "zd_registration_notes" (
	"registration_id" text NOT NULL,
	"note_id" text NOT NULL,
	CONSTRAINT "zd_registration_notes_registration_id_note_id_pk" PRIMARY KEY("registration_id","note_id")
);
--> statement-breakpoint
CREATE TABLE "zd_registrations" (
	"id" text PRIMARY KEY NOT NULL,
	"registration_no" text NOT NULL,
	"registration_type" text NOT NULL,
	"transferor_id" text NOT NULL,
	"transferor_name" text NOT NULL,
	"transferee_id" text NOT NULL,
	"transferee_name" text NOT NULL,
	"subject_kind" text NOT NULL,
	"package_id" text,
	"amount" numeric(18, 2) NOT NULL,
	"period_years" integer NOT NULL,
	"start_date" date NOT NULL,
	"expire_date" date NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'REGISTERED' NOT NULL,
	"certificate_file_id" text,
	"data_version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text,
	CONSTRAINT "zd_registrations_registration_no_unique" UNIQUE("registration_no"),
	CONSTRAINT "zd_registrations_period_ck" CHECK ("zd_registrations"."period_years" BETWEEN 1 AND 30),
	CONSTRAINT "zd_registrations_amount_ck" CHECK ("zd_registrations"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "abs_issue_nodes" ADD CONSTRAINT "abs_issue_nodes_package_id_abs_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."abs_packages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abs_package_notes" ADD CONSTRAINT "abs_package_notes_package_id_abs_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."abs_packages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abs_package_notes" ADD CONSTRAINT "abs_package_notes_note_id_credit_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."credit_notes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zd_registration_history" ADD CONSTRAINT "zd_registration_history_registration_id_zd_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."zd_registrations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zd_registration_notes" ADD CONSTRAINT "zd_registration_notes_registration_id_zd_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."zd_registrations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zd_registration_notes" ADD CONSTRAINT "zd_registration_notes_note_id_credit_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."credit_notes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zd_registrations" ADD CONSTRAINT "zd_registrations_package_id_abs_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."abs_packages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "abs_packages_status_idx" ON "abs_packages" USING btree ("status","create_time");--> statement-breakpoint
CREATE INDEX "zd_registration_history_reg_idx" ON "zd_registration_history" USING btree ("registration_id","id");--> statement-breakpoint
CREATE INDEX "zd_registration_notes_note_idx" ON "zd_registration_notes" USING btree ("note_id");--> statement-breakpoint
CREATE INDEX "zd_registrations_status_expire_idx" ON "zd_registrations" USING btree ("status","expire_date");