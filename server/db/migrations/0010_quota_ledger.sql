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
ALTER TABLE "quota_accounts" ADD CONSTRAINT "quota_accounts_parent_id_quota_accounts_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."quota_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quota_ledger" ADD CONSTRAINT "quota_ledger_account_id_quota_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."quota_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quota_request_lines" ADD CONSTRAINT "quota_request_lines_request_id_quota_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."quota_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quota_accounts_key_uq" ON "quota_accounts" USING btree ("kind","channel","grantor_id","unit_id");--> statement-breakpoint
CREATE INDEX "quota_accounts_unit_idx" ON "quota_accounts" USING btree ("unit_id");--> statement-breakpoint
CREATE INDEX "quota_accounts_parent_idx" ON "quota_accounts" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "quota_ledger_account_idx" ON "quota_ledger" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "quota_ledger_account_time_idx" ON "quota_ledger" USING btree ("account_id","create_time");--> statement-breakpoint
CREATE UNIQUE INDEX "quota_request_lines_unit_uq" ON "quota_request_lines" USING btree ("request_id","unit_id");--> statement-breakpoint
CREATE INDEX "quota_requests_account_idx" ON "quota_requests" USING btree ("account_id","create_time");--> statement-breakpoint
CREATE INDEX "quota_requests_unit_idx" ON "quota_requests" USING btree ("unit_id","status");