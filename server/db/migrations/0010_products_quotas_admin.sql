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
ALTER TABLE "sessions" ADD COLUMN "session_id" text DEFAULT gen_random_uuid()::text NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "ip_address" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "user_agent" text;--> statement-breakpoint
CREATE UNIQUE INDEX "agreement_templates_code_version_uq" ON "agreement_templates" USING btree ("template_code","version");--> statement-breakpoint
CREATE INDEX "agreements_category_idx" ON "agreements" USING btree ("category");--> statement-breakpoint
CREATE INDEX "sys_login_logs_create_time_idx" ON "sys_login_logs" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "sys_login_logs_username_idx" ON "sys_login_logs" USING btree ("username","create_time");--> statement-breakpoint
CREATE INDEX "price_policies_product_core_idx" ON "price_policies" USING btree ("prd_code","core_corp_name");--> statement-breakpoint
CREATE INDEX "products_kind_idx" ON "products" USING btree ("category","offer_type");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_session_id_unique" UNIQUE("session_id");