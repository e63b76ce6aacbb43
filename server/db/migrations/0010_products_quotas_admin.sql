CREATE TABLE "agreement_templates" (
	"id" text PRIMARY KEY NOT NULL,
	"template_code" text NOT NULL,
	"template_name" text NOT NULL,
	"version" integer NOT NULL,
	"content" text NOT NULL,
	"change_note" text,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"approve_time" timestamp with time zone,
	"data_version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
CREATE TABLE "agreements" (
	"id" text PRIMARY KEY NOT NULL,
	"agreement_code" text NOT NULL,
	"agreement_name" text NOT NULL,
	"category" text NOT NULL,
	"prd_code" text NOT NULL,
	"finance_corp_name" text,
	"core_corp_name" text,
	"template_code" text NOT NULL,
	"template_version" integer NOT NULL,
	"data_version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text,
	CONSTRAINT "agreements_agreement_code_unique" UNIQUE("agreement_code")
);
--> statement-breakpoint
CREATE TABLE "sys_login_locks" (
	"username" text PRIMARY KEY NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_attempt_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sys_login_logs" (
	"id" text PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"user_id" text,
	"status" text NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_policies" (
	"id" text PRIMARY KEY NOT NULL,
	"policy_name" text NOT NULL,
	"prd_code" text NOT NULL,
	"core_corp_name" text NOT NULL,
	"tenor_from_days" integer NOT NULL,
	"tenor_to_days" integer NOT NULL,
	"financing_rate" numeric(5, 2) NOT NULL,
	"service_fee_rate" numeric(5, 2) NOT NULL,
	"data_version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" text PRIMARY KEY NOT NULL,
	"prd_code" text NOT NULL,
	"prd_name" text NOT NULL,
	"prd_short_name" text NOT NULL,
	"category" text NOT NULL,
	"offer_type" text NOT NULL,
	"finance_corp_name" text,
	"core_corp_name" text,
	"tenor_min_days" integer NOT NULL,
	"tenor_max_days" integer NOT NULL,
	"amount_min" numeric(16, 2) NOT NULL,
	"amount_max" numeric(16, 2) NOT NULL,
	"template_versions" text NOT NULL,
	"data_version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text,
	CONSTRAINT "products_prd_code_unique" UNIQUE("prd_code")
);
--> statement-breakpoint
CREATE TABLE "quota_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"grantor_id" text NOT NULL,
	"grantor_name" text NOT NULL,
	"unit_id" text NOT NULL,
	"group_id" text NOT NULL,
	"parent_id" text,
	"granted" numeric(18, 2) DEFAULT '0' NOT NULL,
	"dispatched" numeric(18, 2) DEFAULT '0' NOT NULL,
	"frozen" numeric(18, 2) DEFAULT '0' NOT NULL,
	"used" numeric(18, 2) DEFAULT '0' NOT NULL,
	"available" numeric(18, 2) GENERATED ALWAYS AS (granted - dispatched - frozen - used) STORED NOT NULL,
	"term_end" date,
	"movements" integer DEFAULT 0 NOT NULL,
	"data_version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text,
	CONSTRAINT "quota_accounts_available_ck" CHECK ("quota_accounts"."available" >= 0),
	CONSTRAINT "quota_accounts_balances_ck" CHECK ("quota_accounts"."granted" >= 0 AND "quota_accounts"."dispatched" >= 0 AND "quota_accounts"."frozen" >= 0 AND "quota_accounts"."used" >= 0)
);
--> statement-breakpoint
CREATE TABLE "quota_ledger" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "quota_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" text NOT NULL,
	"movement" text NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"d_granted" numeric(18, 2) DEFAULT '0' NOT NULL,
	"d_dispatched" numeric(18, 2) DEFAULT '0' NOT NULL,
	"d_frozen" numeric(18, 2) DEFAULT '0' NOT NULL,
	"d_used" numeric(18, 2) DEFAULT '0' NOT NULL,
	"available_after" numeric(18, 2) NOT NULL,
	"counterpart_id" text,
	"request_id" text,
	"process_key" text,
	"reference" text,
	"remark" text,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text
);
--> statement-breakpoint
CREATE TABLE "quota_request_lines" (
	"id" text PRIMARY KEY NOT NULL,
	"request_id" text NOT NULL,
	"unit_id" text NOT NULL,
	"amount" numeric(18, 2) NOT NULL,
	"current" numeric(18, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quota_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"process_key" text NOT NULL,
	"grantor_id" text NOT NULL,
	"grantor_name" text NOT NULL,
	"unit_id" text NOT NULL,
	"account_id" text,
	"amount" numeric(18, 2) NOT NULL,
	"previous_amount" numeric(18, 2),
	"term_end" date,
	"reason" text NOT NULL,
	"instance_id" text,
	"status" text DEFAULT 'RUNNING' NOT NULL,
	"data_version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "session_id" text DEFAULT gen_random_uuid()::text NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "ip_address" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "quota_accounts" ADD CONSTRAINT "quota_accounts_parent_id_quota_accounts_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."quota_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quota_ledger" ADD CONSTRAINT "quota_ledger_account_id_quota_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."quota_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quota_request_lines" ADD CONSTRAINT "quota_request_lines_request_id_quota_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."quota_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agreement_templates_code_version_uq" ON "agreement_templates" USING btree ("template_code","version");--> statement-breakpoint
CREATE INDEX "agreements_category_idx" ON "agreements" USING btree ("category");--> statement-breakpoint
CREATE INDEX "sys_login_logs_create_time_idx" ON "sys_login_logs" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "sys_login_logs_username_idx" ON "sys_login_logs" USING btree ("username","create_time");--> statement-breakpoint
CREATE INDEX "price_policies_product_core_idx" ON "price_policies" USING btree ("prd_code","core_corp_name");--> statement-breakpoint
CREATE INDEX "products_kind_idx" ON "products" USING btree ("category","offer_type");--> statement-breakpoint
CREATE UNIQUE INDEX "quota_accounts_key_uq" ON "quota_accounts" USING btree ("kind","channel","grantor_id","unit_id");--> statement-breakpoint
CREATE INDEX "quota_accounts_unit_idx" ON "quota_accounts" USING btree ("unit_id");--> statement-breakpoint
CREATE INDEX "quota_accounts_parent_idx" ON "quota_accounts" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "quota_ledger_account_idx" ON "quota_ledger" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "quota_ledger_account_time_idx" ON "quota_ledger" USING btree ("account_id","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "quota_request_lines_unit_uq" ON "quota_request_lines" USING btree ("request_id","unit_id");--> statement-breakpoint
CREATE INDEX "quota_requests_account_idx" ON "quota_requests" USING btree ("account_id","create_time");--> statement-breakpoint
CREATE INDEX "quota_requests_unit_idx" ON "quota_requests" USING btree ("unit_id","status");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_session_id_unique" UNIQUE("session_id");