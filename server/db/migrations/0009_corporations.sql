CREATE TABLE "corp_bank_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"corp_id" text NOT NULL,
	"bank_name" text NOT NULL,
	"branch_name" text,
	"account_name" text NOT NULL,
	"account_no" text NOT NULL,
	"usage" text DEFAULT 'GENERAL' NOT NULL,
	"data_version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
CREATE TABLE "corp_verifications" (
	"id" text PRIMARY KEY NOT NULL,
	"corp_id" text NOT NULL,
	"kind" text NOT NULL,
	"bank_account_id" text,
	"status" text NOT NULL,
	"paid_amount" numeric(4, 2),
	"attempts" integer DEFAULT 0 NOT NULL,
	"fail_reason" text,
	"data_version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
CREATE TABLE "corporations" (
	"id" text PRIMARY KEY NOT NULL,
	"corp_name" text NOT NULL,
	"credit_code" text NOT NULL,
	"corp_types" text[] DEFAULT '{}'::text[] NOT NULL,
	"legal_person_name" text,
	"legal_person_id_card" text,
	"manager_name" text,
	"manager_mobile" text,
	"registered_address" text,
	"realname_record_id" text,
	"admission_status" text DEFAULT 'NOT_APPLIED' NOT NULL,
	"data_version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text,
	CONSTRAINT "corporations_credit_code_unique" UNIQUE("credit_code")
);
--> statement-breakpoint
CREATE TABLE "group_units" (
	"id" text PRIMARY KEY NOT NULL,
	"group_id" text NOT NULL,
	"parent_id" text,
	"kind" text NOT NULL,
	"unit_name" text NOT NULL,
	"corp_id" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"data_version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
ALTER TABLE "corp_bank_accounts" ADD CONSTRAINT "corp_bank_accounts_corp_id_corporations_id_fk" FOREIGN KEY ("corp_id") REFERENCES "public"."corporations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corp_verifications" ADD CONSTRAINT "corp_verifications_corp_id_corporations_id_fk" FOREIGN KEY ("corp_id") REFERENCES "public"."corporations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corp_verifications" ADD CONSTRAINT "corp_verifications_bank_account_id_corp_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."corp_bank_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "corporations" ADD CONSTRAINT "corporations_realname_record_id_realname_records_id_fk" FOREIGN KEY ("realname_record_id") REFERENCES "public"."realname_records"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_units" ADD CONSTRAINT "group_units_corp_id_corporations_id_fk" FOREIGN KEY ("corp_id") REFERENCES "public"."corporations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "corp_bank_accounts_corp_idx" ON "corp_bank_accounts" USING btree ("corp_id","create_time");--> statement-breakpoint
CREATE INDEX "corp_verifications_corp_idx" ON "corp_verifications" USING btree ("corp_id","kind","create_time");--> statement-breakpoint
CREATE INDEX "corporations_name_idx" ON "corporations" USING btree ("corp_name");--> statement-breakpoint
CREATE INDEX "corporations_order_idx" ON "corporations" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "group_units_parent_idx" ON "group_units" USING btree ("parent_id","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "group_units_group_corp_uq" ON "group_units" USING btree ("group_id","corp_id");