DROP INDEX "workflow_tasks_todo_idx";--> statement-breakpoint
CREATE INDEX "workflow_tasks_todo_idx" ON "workflow_tasks" USING btree ("status","create_time" DESC NULLS FIRST,"id");