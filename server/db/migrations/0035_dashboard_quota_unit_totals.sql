CREATE TABLE "quota_unit_totals" (
	"unit_id" text PRIMARY KEY NOT NULL,
	"group_id" text NOT NULL,
	"movements" integer DEFAULT 0 NOT NULL,
	"d_granted" numeric(18, 2) DEFAULT '0' NOT NULL,
	"d_dispatched" numeric(18, 2) DEFAULT '0' NOT NULL,
	"d_frozen" numeric(18, 2) DEFAULT '0' NOT NULL,
	"d_used" numeric(18, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE INDEX "quota_unit_totals_rank_idx" ON "quota_unit_totals" USING btree ("d_granted" DESC NULLS FIRST,"group_id","unit_id");--> statement-breakpoint
-- hand-written: the quota panel's units granted the most read from a summary row per unit (issue 42), kept like the ledger's
-- per-account sums: the deferred flush, at commit, adds the transaction's ledger deltas to each unit's row after the accounts'
-- rows. The panel's ten units are then the first entries of quota_unit_totals_rank_idx instead of every account's sums
-- grouped by unit and sorted (5,000 units at a year's scale). The flush below is 0034's with that one step added.
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
  -- The same ledger deltas summed per unit over its accounts, right after the accounts' own and in the units' key order, so
  -- every writer still takes the summary rows in one order (the accounts' group and unit never change).
  INSERT INTO quota_unit_totals AS u (unit_id, group_id, movements, d_granted, d_dispatched, d_frozen, d_used)
    SELECT a.unit_id, a.group_id, sum(d.n), sum(d.a1), sum(d.a2), sum(d.a3), sum(d.a4)
      FROM pg_temp.summary_deltas d JOIN quota_accounts a ON a.id = d.k1 WHERE d.kind = 'ledger'
     GROUP BY a.unit_id, a.group_id ORDER BY a.unit_id
    ON CONFLICT (unit_id) DO UPDATE SET movements = u.movements + EXCLUDED.movements, d_granted = u.d_granted + EXCLUDED.d_granted,
      d_dispatched = u.d_dispatched + EXCLUDED.d_dispatched, d_frozen = u.d_frozen + EXCLUDED.d_frozen, d_used = u.d_used + EXCLUDED.d_used;
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
-- The ledger's summaries made again from every row: a bulk load's (bench/scale/world.ts, after inserting with the triggers off), now with the units'.
CREATE OR REPLACE FUNCTION quota_ledger_summaries_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM quota_ledger_totals;
  DELETE FROM quota_recycle_bins;
  DELETE FROM quota_unit_totals;
  INSERT INTO quota_ledger_totals (account_id, movements, d_granted, d_dispatched, d_frozen, d_used)
    SELECT account_id, count(*), sum(d_granted), sum(d_dispatched), sum(d_frozen), sum(d_used) FROM quota_ledger GROUP BY account_id;
  INSERT INTO quota_recycle_bins (bin, movements, amount)
    SELECT date_bin('15 minutes', create_time, timestamptz '2000-01-01 00:00:00+00'), count(*), sum(amount) FROM quota_ledger WHERE movement = 'RECYCLE' GROUP BY 1;
  INSERT INTO quota_unit_totals (unit_id, group_id, movements, d_granted, d_dispatched, d_frozen, d_used)
    SELECT a.unit_id, a.group_id, sum(t.movements), sum(t.d_granted), sum(t.d_dispatched), sum(t.d_frozen), sum(t.d_used)
      FROM quota_ledger_totals t JOIN quota_accounts a ON a.id = t.account_id GROUP BY a.unit_id, a.group_id;
END $$;
--> statement-breakpoint
-- The backfill: an earlier release's ledger, from its per-account sums (which that release's flush kept exact).
INSERT INTO quota_unit_totals (unit_id, group_id, movements, d_granted, d_dispatched, d_frozen, d_used)
  SELECT a.unit_id, a.group_id, sum(t.movements), sum(t.d_granted), sum(t.d_dispatched), sum(t.d_frozen), sum(t.d_used)
    FROM quota_ledger_totals t JOIN quota_accounts a ON a.id = t.account_id GROUP BY a.unit_id, a.group_id;
