CREATE SEQUENCE "public"."credit_batch_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."credit_note_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."abs_package_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."zd_registry_no_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "credit_note_applications" (
	"id" text PRIMARY KEY NOT NULL,
	"level" text NOT NULL,
	"group_id" text NOT NULL,
	"unit_id" text NOT NULL,
	"unit_name" text NOT NULL,
	"quota_account_id" text NOT NULL,
	"payee_corp_id" text NOT NULL,
	"payee_name" text NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"due_date" date NOT NULL,
	"product_id" text NOT NULL,
	"product_name" text NOT NULL,
	"contract_no" text NOT NULL,
	"remark" text,
	"status" text DEFAULT 'RUNNING' NOT NULL,
	"instance_id" text,
	"batch_id" text,
	"data_version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text,
	CONSTRAINT "credit_note_applications_amount_ck" CHECK ("credit_note_applications"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "credit_note_batches" (
	"id" text PRIMARY KEY NOT NULL,
	"batch_no" text NOT NULL,
	"group_id" text NOT NULL,
	"group_name" text NOT NULL,
	"total_amount" numeric(18, 2) NOT NULL,
	"note_count" integer NOT NULL,
	"status" text DEFAULT 'RUNNING' NOT NULL,
	"instance_id" text,
	"data_version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text,
	CONSTRAINT "credit_note_batches_batch_no_unique" UNIQUE("batch_no")
);
--> statement-breakpoint
CREATE TABLE "credit_note_holds" (
	"id" text PRIMARY KEY NOT NULL,
	"note_id" text NOT NULL,
	"kind" text NOT NULL,
	"from_corp_id" text,
	"from_name" text,
	"to_corp_id" text NOT NULL,
	"to_name" text NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text
);
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" text PRIMARY KEY NOT NULL,
	"note_no" text NOT NULL,
	"parent_id" text,
	"root_id" text NOT NULL,
	"batch_id" text,
	"application_id" text,
	"group_id" text NOT NULL,
	"issuer_unit_id" text NOT NULL,
	"issuer_name" text NOT NULL,
	"quota_account_id" text NOT NULL,
	"holder_corp_id" text NOT NULL,
	"holder_name" text NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"issue_date" date NOT NULL,
	"due_date" date NOT NULL,
	"product_name" text NOT NULL,
	"status" text NOT NULL,
	"data_version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text,
	CONSTRAINT "credit_notes_note_no_unique" UNIQUE("note_no"),
	CONSTRAINT "credit_notes_amount_ck" CHECK ("credit_notes"."amount" > 0)
);
--> statement-breakpoint
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
CREATE TABLE "financing_applications" (
	"id" text PRIMARY KEY NOT NULL,
	"application_no" text NOT NULL,
	"supplier_corp_id" text NOT NULL,
	"supplier_name" text NOT NULL,
	"core_corp_id" text NOT NULL,
	"core_name" text NOT NULL,
	"prd_code" text NOT NULL,
	"prd_name" text NOT NULL,
	"finance_corp_name" text,
	"amount" numeric(16, 2),
	"contact_name" text,
	"contact_mobile" text,
	"settlement_account_id" text,
	"remark" text,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"instance_id" text,
	"qualified_at" timestamp with time zone,
	"signed_at" timestamp with time zone,
	"signed_by" text,
	"data_version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text,
	CONSTRAINT "financing_applications_application_no_unique" UNIQUE("application_no"),
	CONSTRAINT "financing_applications_amount_ck" CHECK ("financing_applications"."amount" IS NULL OR "financing_applications"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "financing_materials" (
	"id" text PRIMARY KEY NOT NULL,
	"application_id" text NOT NULL,
	"kind" text NOT NULL,
	"file_id" text NOT NULL,
	"file_name" text NOT NULL,
	"verdict" text DEFAULT 'WAIT' NOT NULL,
	"remark" text,
	"reviewer_id" text,
	"reviewer_name" text,
	"review_time" timestamp with time zone,
	"data_version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
CREATE TABLE "support_conversations" (
	"id" text PRIMARY KEY NOT NULL,
	"corp_name" text NOT NULL,
	"contact_name" text NOT NULL,
	"subject" text NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"operator_id" text,
	"operator_name" text,
	"taken_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"data_version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_conversations_status_ck" CHECK ("support_conversations"."status" in ('OPEN', 'TAKEN', 'CLOSED'))
);
--> statement-breakpoint
CREATE TABLE "support_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"conversation_id" text NOT NULL,
	"author" text NOT NULL,
	"author_name" text NOT NULL,
	"body" text NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_messages_author_ck" CHECK ("support_messages"."author" in ('CORPORATE', 'OPERATOR'))
);
--> statement-breakpoint
CREATE TABLE "user_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"link" text,
	"subject_id" text,
	"read_at" timestamp with time zone,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "help_articles" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"category" text NOT NULL,
	"summary" text,
	"keywords" text,
	"content" text NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"sort_order" integer DEFAULT 100 NOT NULL,
	"publish_time" timestamp with time zone,
	"data_version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
CREATE TABLE "hotline_calls" (
	"id" text PRIMARY KEY NOT NULL,
	"operator_id" text NOT NULL,
	"operator_name" text NOT NULL,
	"corp_id" text NOT NULL,
	"corp_name" text NOT NULL,
	"contact_name" text,
	"phone_masked" text NOT NULL,
	"centre_ref" text,
	"status" text NOT NULL,
	"outcome" text,
	"reason" text,
	"note" text,
	"dial_time" timestamp with time zone NOT NULL,
	"answer_time" timestamp with time zone,
	"hangup_time" timestamp with time zone,
	"end_time" timestamp with time zone,
	"talk_seconds" integer,
	"data_version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text,
	CONSTRAINT "hotline_calls_status_check" CHECK ("hotline_calls"."status" IN ('DIALLING', 'TALKING', 'WRAP_UP', 'ENDED'))
);
--> statement-breakpoint
CREATE TABLE "menu_buttons" (
	"id" text PRIMARY KEY NOT NULL,
	"menu_id" text NOT NULL,
	"title" text NOT NULL,
	"permission" text NOT NULL,
	"order_num" integer DEFAULT 0 NOT NULL,
	"data_version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
CREATE TABLE "sys_orgs" (
	"id" text PRIMARY KEY NOT NULL,
	"parent_id" text,
	"org_name" text NOT NULL,
	"org_code" text NOT NULL,
	"order_num" integer DEFAULT 0 NOT NULL,
	"leader" text,
	"phone" text,
	"status" text DEFAULT '0' NOT NULL,
	"data_version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text,
	CONSTRAINT "sys_orgs_org_code_unique" UNIQUE("org_code")
);
--> statement-breakpoint
CREATE TABLE "sys_positions" (
	"id" text PRIMARY KEY NOT NULL,
	"position_code" text NOT NULL,
	"position_name" text NOT NULL,
	"order_num" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT '0' NOT NULL,
	"remark" text,
	"data_version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text,
	CONSTRAINT "sys_positions_position_code_unique" UNIQUE("position_code")
);
--> statement-breakpoint
CREATE TABLE "sys_user_positions" (
	"user_id" text NOT NULL,
	"position_id" text NOT NULL,
	CONSTRAINT "sys_user_positions_user_id_position_id_pk" PRIMARY KEY("user_id","position_id")
);
--> statement-breakpoint
ALTER TABLE "menus" ADD COLUMN "permission" text;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "status" text DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "status" text DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_note_holds" ADD CONSTRAINT "credit_note_holds_note_id_credit_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."credit_notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_parent_id_credit_notes_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."credit_notes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abs_issue_nodes" ADD CONSTRAINT "abs_issue_nodes_package_id_abs_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."abs_packages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abs_package_notes" ADD CONSTRAINT "abs_package_notes_package_id_abs_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."abs_packages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abs_package_notes" ADD CONSTRAINT "abs_package_notes_note_id_credit_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."credit_notes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zd_registration_history" ADD CONSTRAINT "zd_registration_history_registration_id_zd_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."zd_registrations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zd_registration_notes" ADD CONSTRAINT "zd_registration_notes_registration_id_zd_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."zd_registrations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zd_registration_notes" ADD CONSTRAINT "zd_registration_notes_note_id_credit_notes_id_fk" FOREIGN KEY ("note_id") REFERENCES "public"."credit_notes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zd_registrations" ADD CONSTRAINT "zd_registrations_package_id_abs_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."abs_packages"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financing_materials" ADD CONSTRAINT "financing_materials_application_id_financing_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."financing_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_messages" ADD CONSTRAINT "support_messages_conversation_id_support_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."support_conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menu_buttons" ADD CONSTRAINT "menu_buttons_menu_id_menus_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."menus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_orgs" ADD CONSTRAINT "sys_orgs_parent_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."sys_orgs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_user_positions" ADD CONSTRAINT "sys_user_positions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sys_user_positions" ADD CONSTRAINT "sys_user_positions_position_id_sys_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."sys_positions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_note_applications_level_idx" ON "credit_note_applications" USING btree ("level","status","create_time");--> statement-breakpoint
CREATE INDEX "credit_note_applications_batch_idx" ON "credit_note_applications" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "credit_note_batches_status_idx" ON "credit_note_batches" USING btree ("status","create_time");--> statement-breakpoint
CREATE INDEX "credit_note_holds_note_idx" ON "credit_note_holds" USING btree ("note_id","create_time");--> statement-breakpoint
CREATE INDEX "credit_notes_holder_status_due_idx" ON "credit_notes" USING btree ("holder_corp_id","status","due_date");--> statement-breakpoint
CREATE INDEX "credit_notes_status_due_idx" ON "credit_notes" USING btree ("status","due_date");--> statement-breakpoint
CREATE INDEX "credit_notes_root_idx" ON "credit_notes" USING btree ("root_id");--> statement-breakpoint
CREATE INDEX "credit_notes_parent_idx" ON "credit_notes" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "credit_notes_batch_idx" ON "credit_notes" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "abs_packages_status_idx" ON "abs_packages" USING btree ("status","create_time");--> statement-breakpoint
CREATE INDEX "zd_registration_history_reg_idx" ON "zd_registration_history" USING btree ("registration_id","id");--> statement-breakpoint
CREATE INDEX "zd_registration_notes_note_idx" ON "zd_registration_notes" USING btree ("note_id");--> statement-breakpoint
CREATE INDEX "zd_registrations_status_expire_idx" ON "zd_registrations" USING btree ("status","expire_date");--> statement-breakpoint
CREATE UNIQUE INDEX "financing_applications_open_uq" ON "financing_applications" USING btree ("supplier_corp_id","core_corp_id","prd_code") WHERE "financing_applications"."status" IN ('DRAFT', 'REVIEWING', 'RETURNED', 'APPROVED');--> statement-breakpoint
CREATE INDEX "financing_applications_supplier_idx" ON "financing_applications" USING btree ("supplier_corp_id","create_time");--> statement-breakpoint
CREATE INDEX "financing_applications_order_idx" ON "financing_applications" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "financing_materials_application_idx" ON "financing_materials" USING btree ("application_id","kind","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "financing_materials_file_uq" ON "financing_materials" USING btree ("application_id","file_id");--> statement-breakpoint
CREATE INDEX "support_conversations_status_idx" ON "support_conversations" USING btree ("status","last_message_at");--> statement-breakpoint
CREATE INDEX "support_messages_conversation_idx" ON "support_messages" USING btree ("conversation_id","create_time");--> statement-breakpoint
CREATE INDEX "user_messages_user_time_idx" ON "user_messages" USING btree ("user_id","create_time");--> statement-breakpoint
CREATE INDEX "user_messages_unread_idx" ON "user_messages" USING btree ("user_id") WHERE "user_messages"."read_at" is null;--> statement-breakpoint
CREATE INDEX "help_articles_reader_idx" ON "help_articles" USING btree ("status","category","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "hotline_calls_one_open_per_operator" ON "hotline_calls" USING btree ("operator_id") WHERE "hotline_calls"."status" <> 'ENDED';--> statement-breakpoint
CREATE INDEX "hotline_calls_corp_idx" ON "hotline_calls" USING btree ("corp_id","dial_time");--> statement-breakpoint
CREATE INDEX "hotline_calls_order_idx" ON "hotline_calls" USING btree ("dial_time");--> statement-breakpoint
CREATE UNIQUE INDEX "menu_buttons_menu_permission_uq" ON "menu_buttons" USING btree ("menu_id","permission");--> statement-breakpoint
CREATE INDEX "sys_orgs_parent_idx" ON "sys_orgs" USING btree ("parent_id","order_num");--> statement-breakpoint
CREATE INDEX "sys_user_positions_position_idx" ON "sys_user_positions" USING btree ("position_id");