CREATE TABLE "content_news" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"summary" text,
	"cover_file_id" text,
	"content" text NOT NULL,
	"author" text,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"pin_time" timestamp with time zone,
	"publish_time" timestamp with time zone,
	"data_version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
CREATE TABLE "content_notice" (
	"id" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"summary" text,
	"cover_file_id" text,
	"content" text NOT NULL,
	"author" text,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"pin_time" timestamp with time zone,
	"publish_time" timestamp with time zone,
	"data_version" integer DEFAULT 0 NOT NULL,
	"create_time" timestamp with time zone DEFAULT now() NOT NULL,
	"update_time" timestamp with time zone DEFAULT now() NOT NULL,
	"create_by" text,
	"update_by" text
);
--> statement-breakpoint
CREATE INDEX "content_news_order_idx" ON "content_news" USING btree ("pinned","pin_time","create_time");--> statement-breakpoint
CREATE INDEX "content_notice_order_idx" ON "content_notice" USING btree ("pinned","pin_time","create_time");