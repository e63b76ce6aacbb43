CREATE TABLE "workflow_open_task_counts" (
	"process_key" text NOT NULL,
	"working_role" text NOT NULL,
	"claimed" boolean NOT NULL,
	"tasks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "workflow_open_task_counts_process_key_working_role_claimed_pk" PRIMARY KEY("process_key","working_role","claimed")
);
--> statement-breakpoint
CREATE INDEX "workflow_tasks_open_process_idx" ON "workflow_tasks" USING btree ("process_key","create_time") WHERE "workflow_tasks"."status" = 'TODO';--> statement-breakpoint
-- hand-written: open tasks by process, working role and claimed, kept like the other dashboard summaries (issue 42): the row
-- trigger notes a TODO task's change in the session's deltas, the deferred flush applies them at commit in key order (its
-- table after workflow_end_bins, by name), and dashboard_summaries_rebuild() makes this table again too. The approvals
-- panel then reads a few rows a process instead of every task waiting. Open is a TODO task: an instance's TODO task is
-- closed by the transaction that ends or withdraws it, so a TODO task belongs to a running instance (the test compares
-- the panel with the rows counted with that join).
CREATE OR REPLACE FUNCTION workflow_open_task_summaries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A change of what the counts do not read (a remark, a version, the assignee's name) moves nothing.
  IF TG_OP = 'UPDATE' AND NEW.status = OLD.status AND NEW.process_key = OLD.process_key AND NEW.working_role = OLD.working_role
    AND (NEW.assignee_id IS NULL) = (OLD.assignee_id IS NULL) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'TODO' THEN
    PERFORM summary_delta('task_open', OLD.process_key, OLD.working_role || '/' || (OLD.assignee_id IS NOT NULL)::text, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'TODO' THEN
    PERFORM summary_delta('task_open', NEW.process_key, NEW.working_role || '/' || (NEW.assignee_id IS NOT NULL)::text, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER workflow_open_task_summaries AFTER INSERT OR UPDATE OR DELETE ON workflow_tasks FOR EACH ROW EXECUTE FUNCTION workflow_open_task_summaries();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER summary_deltas_flush AFTER INSERT OR UPDATE OR DELETE ON workflow_tasks DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION summary_deltas_flush();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION summary_deltas_flush() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Fired for every changed row at commit: the first applies the transaction's changes, the rest find nothing pending.
  IF current_setting('scf.summary_deltas', true) IS DISTINCT FROM 'pending' THEN RETURN NULL; END IF;
  PERFORM set_config('scf.summary_deltas', '', true);
  -- Tables in the order of their names, each one's keys sorted: the one order every writer locks summary rows in.
  -- A key whose changes cancel out is not touched (a note's remark, a status there and back), so it is not locked either.
  INSERT INTO corporation_admission_counts AS c (admission_status, corporations)
    SELECT k1, sum(n) FROM pg_temp.summary_deltas WHERE kind = 'corporation_admission' GROUP BY k1 HAVING sum(n) <> 0 ORDER BY k1
    ON CONFLICT (admission_status) DO UPDATE SET corporations = c.corporations + EXCLUDED.corporations;
  DELETE FROM corporation_admission_counts WHERE corporations = 0
    AND admission_status IN (SELECT k1 FROM pg_temp.summary_deltas WHERE kind = 'corporation_admission' GROUP BY k1 HAVING sum(n) <> 0);
  INSERT INTO corporation_type_counts AS c (corp_type, admission_status, corporations)
    SELECT k1, k2, sum(n) FROM pg_temp.summary_deltas WHERE kind = 'corporation_type' GROUP BY k1, k2 HAVING sum(n) <> 0 ORDER BY k1, k2
    ON CONFLICT (corp_type, admission_status) DO UPDATE SET corporations = c.corporations + EXCLUDED.corporations;
  DELETE FROM corporation_type_counts WHERE corporations = 0
    AND (corp_type, admission_status) IN (SELECT k1, k2 FROM pg_temp.summary_deltas WHERE kind = 'corporation_type' GROUP BY k1, k2 HAVING sum(n) <> 0);
  INSERT INTO credit_note_due_totals AS t (due_date, status, notes, amount)
    SELECT k1::date, k2, sum(n), sum(a1) FROM pg_temp.summary_deltas WHERE kind = 'note_due'
     GROUP BY k1, k2 HAVING sum(n) <> 0 OR sum(a1) <> 0 ORDER BY k1::date, k2
    ON CONFLICT (due_date, status) DO UPDATE SET notes = t.notes + EXCLUDED.notes, amount = t.amount + EXCLUDED.amount;
  DELETE FROM credit_note_due_totals WHERE notes = 0
    AND (due_date, status) IN (SELECT k1::date, k2 FROM pg_temp.summary_deltas WHERE kind = 'note_due' GROUP BY k1, k2 HAVING sum(n) <> 0 OR sum(a1) <> 0);
  INSERT INTO credit_note_holder_totals AS t (holder_corp_id, notes, amount)
    SELECT k1, sum(n), sum(a1) FROM pg_temp.summary_deltas WHERE kind = 'note_holder' GROUP BY k1 HAVING sum(n) <> 0 OR sum(a1) <> 0 ORDER BY k1
    ON CONFLICT (holder_corp_id) DO UPDATE SET notes = t.notes + EXCLUDED.notes, amount = t.amount + EXCLUDED.amount;
  DELETE FROM credit_note_holder_totals WHERE notes = 0
    AND holder_corp_id IN (SELECT k1 FROM pg_temp.summary_deltas WHERE kind = 'note_holder' GROUP BY k1 HAVING sum(n) <> 0 OR sum(a1) <> 0);
  INSERT INTO credit_note_issue_totals AS t (issue_date, notes, amount)
    SELECT k1::date, sum(n), sum(a1) FROM pg_temp.summary_deltas WHERE kind = 'note_issue' GROUP BY k1 HAVING sum(n) <> 0 OR sum(a1) <> 0 ORDER BY k1::date
    ON CONFLICT (issue_date) DO UPDATE SET notes = t.notes + EXCLUDED.notes, amount = t.amount + EXCLUDED.amount;
  DELETE FROM credit_note_issue_totals WHERE notes = 0
    AND issue_date IN (SELECT k1::date FROM pg_temp.summary_deltas WHERE kind = 'note_issue' GROUP BY k1 HAVING sum(n) <> 0 OR sum(a1) <> 0);
  INSERT INTO list_row_counts AS c (table_name, shard, rows)
    SELECT k1, k2::smallint, sum(n) FROM pg_temp.summary_deltas WHERE kind = 'rows' GROUP BY k1, k2 HAVING sum(n) <> 0 ORDER BY k1, k2::smallint
    ON CONFLICT (table_name, shard) DO UPDATE SET rows = c.rows + EXCLUDED.rows;
  INSERT INTO quota_ledger_totals AS t (account_id, movements, d_granted, d_dispatched, d_frozen, d_used)
    SELECT k1, sum(n), sum(a1), sum(a2), sum(a3), sum(a4) FROM pg_temp.summary_deltas WHERE kind = 'ledger' GROUP BY k1 ORDER BY k1
    ON CONFLICT (account_id) DO UPDATE SET movements = t.movements + EXCLUDED.movements, d_granted = t.d_granted + EXCLUDED.d_granted,
      d_dispatched = t.d_dispatched + EXCLUDED.d_dispatched, d_frozen = t.d_frozen + EXCLUDED.d_frozen, d_used = t.d_used + EXCLUDED.d_used;
  INSERT INTO quota_recycle_bins AS b (bin, movements, amount)
    SELECT k1::timestamptz, sum(n), sum(a1) FROM pg_temp.summary_deltas WHERE kind = 'recycle' GROUP BY k1 ORDER BY k1::timestamptz
    ON CONFLICT (bin) DO UPDATE SET movements = b.movements + EXCLUDED.movements, amount = b.amount + EXCLUDED.amount;
  INSERT INTO workflow_end_bins AS b (bin, status, instances)
    SELECT k1::timestamptz, k2, sum(n) FROM pg_temp.summary_deltas WHERE kind = 'workflow_end' GROUP BY k1, k2 HAVING sum(n) <> 0 ORDER BY k1::timestamptz, k2
    ON CONFLICT (bin, status) DO UPDATE SET instances = b.instances + EXCLUDED.instances;
  DELETE FROM workflow_end_bins WHERE instances = 0
    AND (bin, status) IN (SELECT k1::timestamptz, k2 FROM pg_temp.summary_deltas WHERE kind = 'workflow_end' GROUP BY k1, k2 HAVING sum(n) <> 0);
  -- k2 is the working role and whether the task is claimed ('director/true'): its text order is the key's (role, then false before true).
  INSERT INTO workflow_open_task_counts AS c (process_key, working_role, claimed, tasks)
    SELECT k1, split_part(k2, '/', 1), split_part(k2, '/', 2)::boolean, sum(n) FROM pg_temp.summary_deltas WHERE kind = 'task_open'
     GROUP BY k1, k2 HAVING sum(n) <> 0 ORDER BY k1, k2
    ON CONFLICT (process_key, working_role, claimed) DO UPDATE SET tasks = c.tasks + EXCLUDED.tasks;
  DELETE FROM workflow_open_task_counts WHERE tasks = 0
    AND (process_key, working_role, claimed) IN (SELECT k1, split_part(k2, '/', 1), split_part(k2, '/', 2)::boolean FROM pg_temp.summary_deltas WHERE kind = 'task_open' GROUP BY k1, k2 HAVING sum(n) <> 0);
  -- Emptied now too: SET CONSTRAINTS ALL IMMEDIATE may fire this before the commit, and later changes must not apply these again.
  DELETE FROM pg_temp.summary_deltas;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dashboard_summaries_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM credit_note_due_totals;
  DELETE FROM credit_note_issue_totals;
  DELETE FROM credit_note_holder_totals;
  DELETE FROM workflow_end_bins;
  DELETE FROM workflow_open_task_counts;
  DELETE FROM corporation_admission_counts;
  DELETE FROM corporation_type_counts;
  INSERT INTO credit_note_due_totals (due_date, status, notes, amount) SELECT due_date, status, count(*), sum(amount) FROM credit_notes GROUP BY due_date, status;
  INSERT INTO credit_note_issue_totals (issue_date, notes, amount) SELECT issue_date, count(*), sum(amount) FROM credit_notes WHERE parent_id IS NULL GROUP BY issue_date;
  INSERT INTO credit_note_holder_totals (holder_corp_id, notes, amount)
    SELECT holder_corp_id, count(*), sum(amount) FROM credit_notes WHERE status IN ('ISSUED', 'FINANCED') GROUP BY holder_corp_id;
  INSERT INTO workflow_end_bins (bin, status, instances)
    SELECT date_bin('15 minutes', end_time, timestamptz '2000-01-01 00:00:00+00'), status, count(*) FROM workflow_instances WHERE end_time IS NOT NULL GROUP BY 1, 2;
  INSERT INTO workflow_open_task_counts (process_key, working_role, claimed, tasks)
    SELECT process_key, working_role, assignee_id IS NOT NULL, count(*) FROM workflow_tasks WHERE status = 'TODO' GROUP BY 1, 2, 3;
  INSERT INTO corporation_admission_counts (admission_status, corporations) SELECT admission_status, count(*) FROM corporations GROUP BY admission_status;
  INSERT INTO corporation_type_counts (corp_type, admission_status, corporations)
    SELECT t, admission_status, count(*) FROM corporations, unnest(corp_types) AS t GROUP BY t, admission_status;
END $$;
--> statement-breakpoint
-- The backfill: an earlier release's open tasks.
INSERT INTO workflow_open_task_counts (process_key, working_role, claimed, tasks)
  SELECT process_key, working_role, assignee_id IS NOT NULL, count(*) FROM workflow_tasks WHERE status = 'TODO' GROUP BY 1, 2, 3;
