ALTER TABLE "workflow_instances" ADD COLUMN "summary_ref" jsonb;--> statement-breakpoint
ALTER TABLE "workflow_instances" ADD COLUMN "business_no_ref" jsonb;--> statement-breakpoint
ALTER TABLE "user_messages" ADD COLUMN "title_ref" jsonb;--> statement-breakpoint
ALTER TABLE "user_messages" ADD COLUMN "body_ref" jsonb;
-- Rows written before keep their zh-CN text and a null ref: they are shown as written (server/i18n.ts
-- renderStored), in either language. Their text cannot be turned back into keys honestly (the values were
-- rendered into it), so none is guessed at.
