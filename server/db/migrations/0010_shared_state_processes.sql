CREATE TABLE "export_runners" (
	"record_id" text PRIMARY KEY NOT NULL,
	"process_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "server_processes" (
	"id" text PRIMARY KEY NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
