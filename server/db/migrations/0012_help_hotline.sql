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
CREATE INDEX "help_articles_reader_idx" ON "help_articles" USING btree ("status","category","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "hotline_calls_one_open_per_operator" ON "hotline_calls" USING btree ("operator_id") WHERE "hotline_calls"."status" <> 'ENDED';--> statement-breakpoint
CREATE INDEX "hotline_calls_corp_idx" ON "hotline_calls" USING btree ("corp_id","dial_time");--> statement-breakpoint
CREATE INDEX "hotline_calls_order_idx" ON "hotline_calls" USING btree ("dial_time");