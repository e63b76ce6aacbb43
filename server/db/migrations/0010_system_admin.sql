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
ALTER TABLE "sessions" ADD COLUMN "session_id" text DEFAULT gen_random_uuid()::text NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "ip_address" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "user_agent" text;--> statement-breakpoint
CREATE INDEX "sys_login_logs_create_time_idx" ON "sys_login_logs" USING btree ("create_time");--> statement-breakpoint
CREATE INDEX "sys_login_logs_username_idx" ON "sys_login_logs" USING btree ("username","create_time");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_session_id_unique" UNIQUE("session_id");