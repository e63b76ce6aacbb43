-- hand-written: the dashboard's summaries and the lists' row counts applied once, at commit, in one fixed order of tables and keys
-- Kept row by row, a writer locked each summary row the moment it changed a note, ledger row or instance, in the order it
-- changed them, and held it to its commit: on PostgreSQL two writers changing notes of different due dates or holders in
-- opposite orders waited on each other (deadlock detected, one transaction failed), and every note change of one day's
-- notes queued behind one issue-date row. Now each row trigger only notes its change in a temporary table of this session
-- (no lock on any shared row); a deferred trigger sums the notes per key at commit and applies them table by table, keys
-- sorted, skipping keys whose changes cancel out. Every writer takes summary rows last and in the same order, so no two
-- writers can wait on each other through them, and the summaries are still changed by the transaction that changed the rows.
CREATE OR REPLACE FUNCTION summary_delta(kind text, k1 text, k2 text, n bigint, a1 numeric DEFAULT 0, a2 numeric DEFAULT 0, a3 numeric DEFAULT 0, a4 numeric DEFAULT 0)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  -- The first change of a transaction makes the session's table if needed; ON COMMIT DELETE ROWS empties it without dead rows.
  IF current_setting('scf.summary_deltas', true) IS DISTINCT FROM 'pending' THEN
    IF to_regclass('pg_temp.summary_deltas') IS NULL THEN
      CREATE TEMP TABLE summary_deltas (
        kind text NOT NULL, k1 text NOT NULL, k2 text NOT NULL, n bigint NOT NULL,
        a1 numeric NOT NULL, a2 numeric NOT NULL, a3 numeric NOT NULL, a4 numeric NOT NULL
      ) ON COMMIT DELETE ROWS;
    END IF;
    PERFORM set_config('scf.summary_deltas', 'pending', true);
  END IF;
  INSERT INTO pg_temp.summary_deltas VALUES (kind, k1, k2, n, a1, a2, a3, a4);
END $$;
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
  -- Emptied now too: SET CONSTRAINTS ALL IMMEDIATE may fire this before the commit, and later changes must not apply these again.
  DELETE FROM pg_temp.summary_deltas;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION credit_note_summaries_apply(r credit_notes, sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM summary_delta('note_due', r.due_date::text, r.status, sign, sign * r.amount);
  -- Issued: what issuance made (no parent), so a split never counts twice.
  IF r.parent_id IS NULL THEN PERFORM summary_delta('note_issue', r.issue_date::text, '', sign, sign * r.amount); END IF;
  -- Outstanding: OUTSTANDING_STATUSES of src/lib/credit-notes (dashboard-summaries.test.ts compares the ranking with the raw rows').
  IF r.status IN ('ISSUED', 'FINANCED') THEN PERFORM summary_delta('note_holder', r.holder_corp_id, '', sign, sign * r.amount); END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION workflow_end_summaries_apply(ended timestamptz, ended_as text, sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ended IS NULL THEN RETURN; END IF;
  -- The bin as text in UTC, so the flush reads back the same instant whatever the session's time zone.
  PERFORM summary_delta('workflow_end', to_char(date_bin('15 minutes', ended, timestamptz '2000-01-01 00:00:00+00') AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') || '+00', ended_as, sign);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION corporation_summaries_apply(r corporations, sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  t text;
BEGIN
  PERFORM summary_delta('corporation_admission', r.admission_status, '', sign);
  -- A type named twice counts twice, as unnest over the rows counts it (the flush sums them).
  FOREACH t IN ARRAY coalesce(r.corp_types, '{}') LOOP
    PERFORM summary_delta('corporation_type', t, r.admission_status, sign);
  END LOOP;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION list_row_counts_added() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added_rows bigint;
BEGIN
  SELECT count(*) INTO added_rows FROM added;
  IF added_rows > 0 THEN PERFORM summary_delta('rows', TG_TABLE_NAME, (pg_backend_pid() % 16)::text, added_rows); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION list_row_counts_removed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  removed_rows bigint;
BEGIN
  SELECT count(*) INTO removed_rows FROM removed;
  IF removed_rows > 0 THEN PERFORM summary_delta('rows', TG_TABLE_NAME, (pg_backend_pid() % 16)::text, -removed_rows); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION list_row_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The table is empty now: its count goes, and so does what this transaction noted of it before.
  DELETE FROM list_row_counts WHERE table_name = TG_TABLE_NAME;
  IF to_regclass('pg_temp.summary_deltas') IS NOT NULL THEN
    DELETE FROM pg_temp.summary_deltas WHERE kind = 'rows' AND k1 = TG_TABLE_NAME;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION quota_ledger_summaries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM summary_delta('ledger', NEW.account_id, '', 1, NEW.d_granted, NEW.d_dispatched, NEW.d_frozen, NEW.d_used);
  IF NEW.movement = 'RECYCLE' THEN
    PERFORM summary_delta('recycle', to_char(date_bin('15 minutes', NEW.create_time, timestamptz '2000-01-01 00:00:00+00') AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') || '+00', '', 1, NEW.amount);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER summary_deltas_flush AFTER INSERT OR UPDATE OR DELETE ON corporations DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION summary_deltas_flush();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER summary_deltas_flush AFTER INSERT OR UPDATE OR DELETE ON credit_notes DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION summary_deltas_flush();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER summary_deltas_flush AFTER INSERT OR UPDATE OR DELETE ON workflow_instances DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION summary_deltas_flush();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER summary_deltas_flush AFTER INSERT OR DELETE ON sys_operation_logs DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION summary_deltas_flush();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER summary_deltas_flush AFTER INSERT ON quota_ledger DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION summary_deltas_flush();
