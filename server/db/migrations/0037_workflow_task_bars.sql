CREATE TABLE "workflow_task_bars" (
	"task_id" text NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "workflow_task_bars_task_id_user_id_pk" PRIMARY KEY("task_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "workflow_task_bars" ADD CONSTRAINT "workflow_task_bars_task_id_workflow_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."workflow_tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workflow_task_bars_user_idx" ON "workflow_task_bars" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "workflow_tasks_todo_role_idx" ON "workflow_tasks" USING btree ("working_role","create_time" DESC NULLS FIRST,"id") WHERE "workflow_tasks"."status" = 'TODO';--> statement-breakpoint
-- hand-written: four-eyes and maker-checker kept as rows (issue 42). A to-do list and its count checked every open task against
-- the history (two EXISTS each), so a director's page counted and checked up to 10,000 tasks; workflow_task_bars holds, for each
-- open review step, the users the two rules bar from it, and the to-do reads it by index (server/workflow/rules.ts todoCondition).
-- Kept by statement triggers in the writing transaction, whoever writes and in whatever order (the engine writes the completed
-- step's history, then opens the next step; a bulk load may write the tasks first): a task's bars are made when it opens, from
-- its instance's history, and when history is written for an instance with an open task; they go when the task closes.
--
-- Which activity types are a director's (review) and which a handler's (edit or submit): src/workflows/activities.ts, held
-- equal to it by tests/server/workflow-todo-bars.test.ts. An unknown type is neither, as in the rules' own SQL.
CREATE OR REPLACE FUNCTION workflow_working_role(activity_type text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN activity_type IN ('approve', 'applyApprove', 'reopenApprove', 'APPROVE') THEN 'director'
    WHEN activity_type IN ('edit', 'applyEdit', 'reopenEdit', 'modifyStatus', 'EDIT') THEN 'handler'
  END
$$;
--> statement-breakpoint
-- The rules of server/workflow/rules.ts over one open task and one history entry of its instance: the task is a review step and
-- the entry completed (passed or rejected) an edit step (maker-checker) or another review step (four-eyes) of the instance.
CREATE OR REPLACE FUNCTION workflow_task_barred(task_type text, task_key text, done_type text, done_key text, done_action text)
RETURNS boolean LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(workflow_working_role(task_type) = 'director' AND done_action IN ('PASS', 'REJECT')
    AND (workflow_working_role(done_type) = 'handler' OR (workflow_working_role(done_type) = 'director' AND done_key <> task_key)), false)
$$;
--> statement-breakpoint
-- The bars of the open tasks of some instances made again from their history (history removed or changed: never by the engine).
CREATE OR REPLACE FUNCTION workflow_task_bars_refresh(instance_ids text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM workflow_task_bars b USING workflow_tasks t WHERE b.task_id = t.id AND t.instance_id = ANY(instance_ids);
  INSERT INTO workflow_task_bars (task_id, user_id)
    SELECT DISTINCT t.id, h.user_id FROM workflow_tasks t JOIN workflow_history h ON h.instance_id = t.instance_id
     WHERE t.status = 'TODO' AND t.instance_id = ANY(instance_ids)
       AND workflow_task_barred(t.activity_type, t.task_definition_key, h.activity_type, h.task_definition_key, h.action)
    ON CONFLICT DO NOTHING;
END $$;
--> statement-breakpoint
-- Tasks written: an open one gets its bars from the history written so far.
CREATE OR REPLACE FUNCTION workflow_task_bars_opened() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO workflow_task_bars (task_id, user_id)
    SELECT DISTINCT t.id, h.user_id FROM opened t JOIN workflow_history h ON h.instance_id = t.instance_id
     WHERE t.status = 'TODO' AND workflow_task_barred(t.activity_type, t.task_definition_key, h.activity_type, h.task_definition_key, h.action)
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER workflow_task_bars_opened AFTER INSERT ON workflow_tasks REFERENCING NEW TABLE AS opened FOR EACH STATEMENT EXECUTE FUNCTION workflow_task_bars_opened();
--> statement-breakpoint
-- Tasks changed: one closed (completed, withdrawn) loses its bars. A claim changes nothing the rules read, so nothing moves.
CREATE OR REPLACE FUNCTION workflow_task_bars_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM workflow_task_bars b USING before_rows o JOIN after_rows n ON n.id = o.id
   WHERE b.task_id = o.id
     AND (n.status, n.activity_type, n.task_definition_key, n.instance_id) IS DISTINCT FROM (o.status, o.activity_type, o.task_definition_key, o.instance_id);
  INSERT INTO workflow_task_bars (task_id, user_id)
    SELECT DISTINCT n.id, h.user_id FROM before_rows o JOIN after_rows n ON n.id = o.id JOIN workflow_history h ON h.instance_id = n.instance_id
     WHERE n.status = 'TODO'
       AND (n.status, n.activity_type, n.task_definition_key, n.instance_id) IS DISTINCT FROM (o.status, o.activity_type, o.task_definition_key, o.instance_id)
       AND workflow_task_barred(n.activity_type, n.task_definition_key, h.activity_type, h.task_definition_key, h.action)
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER workflow_task_bars_moved AFTER UPDATE ON workflow_tasks REFERENCING OLD TABLE AS before_rows NEW TABLE AS after_rows FOR EACH STATEMENT EXECUTE FUNCTION workflow_task_bars_moved();
--> statement-breakpoint
-- History written: the open task of the same instance, if any, gets the bars the new entries add. The engine opens the next
-- step after writing the completed one's entry, so this finds no open task there; a load that writes tasks first relies on it.
CREATE OR REPLACE FUNCTION workflow_task_bars_recorded() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO workflow_task_bars (task_id, user_id)
    SELECT DISTINCT t.id, h.user_id FROM recorded h JOIN workflow_tasks t ON t.instance_id = h.instance_id AND t.status = 'TODO'
     WHERE h.action IN ('PASS', 'REJECT')
       AND workflow_task_barred(t.activity_type, t.task_definition_key, h.activity_type, h.task_definition_key, h.action)
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER workflow_task_bars_recorded AFTER INSERT ON workflow_history REFERENCING NEW TABLE AS recorded FOR EACH STATEMENT EXECUTE FUNCTION workflow_task_bars_recorded();
--> statement-breakpoint
-- History removed or changed (an instance deleted, which removes its tasks too; the engine never does either): the open tasks
-- of the instances touched get their bars again from what is left.
CREATE OR REPLACE FUNCTION workflow_task_bars_history_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched text[];
BEGIN
  -- The UPDATE trigger names both transition tables, the DELETE trigger only the old one: each branch reads what its trigger has.
  IF TG_OP = 'UPDATE' THEN
    SELECT array_agg(DISTINCT instance_id) INTO touched FROM (SELECT instance_id FROM removed UNION SELECT instance_id FROM added) c;
  ELSE
    SELECT array_agg(DISTINCT instance_id) INTO touched FROM removed;
  END IF;
  IF touched IS NOT NULL THEN
    PERFORM workflow_task_bars_refresh(touched);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER workflow_task_bars_history_removed AFTER DELETE ON workflow_history REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION workflow_task_bars_history_changed();
--> statement-breakpoint
CREATE TRIGGER workflow_task_bars_history_updated AFTER UPDATE ON workflow_history REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION workflow_task_bars_history_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION workflow_task_bars_history_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM workflow_task_bars;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER workflow_task_bars_history_truncated AFTER TRUNCATE ON workflow_history FOR EACH STATEMENT EXECUTE FUNCTION workflow_task_bars_history_truncated();
--> statement-breakpoint
-- What the planner must know to walk the to-do index to a page: open tasks are nearly all unclaimed. Per column it sees that
-- almost every task has an assignee (the done ones) and few are open, and multiplies: at a large group's scale it expected a
-- handful of unclaimed open tasks where there were 10,000, read them all and sorted them for a page. The pair's most common
-- values tell it; 1,000 of them, as a large group's done tasks spread over many workers. Analysed now, then by autovacuum.
CREATE STATISTICS workflow_tasks_status_assignee (mcv) ON status, assignee_id FROM workflow_tasks;
--> statement-breakpoint
ALTER STATISTICS workflow_tasks_status_assignee SET STATISTICS 1000;
--> statement-breakpoint
ANALYZE workflow_tasks;
--> statement-breakpoint
-- The backfill: the bars of an earlier release's open tasks.
INSERT INTO workflow_task_bars (task_id, user_id)
  SELECT DISTINCT t.id, h.user_id FROM workflow_tasks t JOIN workflow_history h ON h.instance_id = t.instance_id
   WHERE t.status = 'TODO' AND workflow_task_barred(t.activity_type, t.task_definition_key, h.activity_type, h.task_definition_key, h.action)
  ON CONFLICT DO NOTHING;
