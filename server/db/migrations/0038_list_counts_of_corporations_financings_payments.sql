-- hand-written: the pager totals of three more large lists kept in list_row_counts (issue 42, growth from 10% to the full year):
-- corporations (100,000 rows: its unfiltered list counted them all on every page), financing applications (80,000: the same),
-- and payments by status (32,000: 付款审核 counted its tabs with a group-by over every payment on every page). Kept as the
-- first three tables are (migration dashboard_summaries_and_list_row_counts): statement triggers note each statement's rows in
-- the transaction's summary deltas, and the deferred flush adds them at commit, in key order, to the writer's shard
-- (pg_backend_pid() % 16), so no hot row. A list's tabs are its rows by status: kept under '<table>/<status>', one key per
-- status, so a status change (a payment audited) moves one from the old status's key to the new one's.
CREATE TRIGGER list_row_counts_added AFTER INSERT ON corporations REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION list_row_counts_added();
--> statement-breakpoint
CREATE TRIGGER list_row_counts_removed AFTER DELETE ON corporations REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION list_row_counts_removed();
--> statement-breakpoint
CREATE TRIGGER list_row_counts_truncated AFTER TRUNCATE ON corporations FOR EACH STATEMENT EXECUTE FUNCTION list_row_counts_truncated();
--> statement-breakpoint
CREATE TRIGGER list_row_counts_added AFTER INSERT ON financing_applications REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION list_row_counts_added();
--> statement-breakpoint
CREATE TRIGGER list_row_counts_removed AFTER DELETE ON financing_applications REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION list_row_counts_removed();
--> statement-breakpoint
CREATE TRIGGER list_row_counts_truncated AFTER TRUNCATE ON financing_applications FOR EACH STATEMENT EXECUTE FUNCTION list_row_counts_truncated();
--> statement-breakpoint
-- The flush at commit, as on the tables above (corporations has it already: its admission and type counts).
CREATE CONSTRAINT TRIGGER summary_deltas_flush AFTER INSERT OR DELETE ON financing_applications DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION summary_deltas_flush();
--> statement-breakpoint
-- Rows by status: each statement's rows grouped by status, one delta per status (PostgreSQL allows transition tables on a
-- trigger of one event only, hence three functions). An update that changes no status cancels out and touches no key.
CREATE OR REPLACE FUNCTION list_status_counts_added() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT status, count(*) AS n FROM added GROUP BY status LOOP
    PERFORM summary_delta('rows', TG_TABLE_NAME || '/' || r.status, (pg_backend_pid() % 16)::text, r.n);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION list_status_counts_removed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT status, count(*) AS n FROM removed GROUP BY status LOOP
    PERFORM summary_delta('rows', TG_TABLE_NAME || '/' || r.status, (pg_backend_pid() % 16)::text, -r.n);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION list_status_counts_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  FOR r IN SELECT status, sum(n) AS n FROM (SELECT status, 1 AS n FROM added UNION ALL SELECT status, -1 AS n FROM removed) moved
    GROUP BY status HAVING sum(n) <> 0 LOOP
    PERFORM summary_delta('rows', TG_TABLE_NAME || '/' || r.status, (pg_backend_pid() % 16)::text, r.n);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION list_status_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The table is empty now: every status's count goes, and so does what this transaction noted of them before.
  DELETE FROM list_row_counts WHERE starts_with(table_name, TG_TABLE_NAME || '/');
  IF to_regclass('pg_temp.summary_deltas') IS NOT NULL THEN
    DELETE FROM pg_temp.summary_deltas WHERE kind = 'rows' AND starts_with(k1, TG_TABLE_NAME || '/');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER list_status_counts_added AFTER INSERT ON credit_payments REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION list_status_counts_added();
--> statement-breakpoint
CREATE TRIGGER list_status_counts_removed AFTER DELETE ON credit_payments REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION list_status_counts_removed();
--> statement-breakpoint
CREATE TRIGGER list_status_counts_changed AFTER UPDATE ON credit_payments REFERENCING OLD TABLE AS removed NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION list_status_counts_changed();
--> statement-breakpoint
CREATE TRIGGER list_status_counts_truncated AFTER TRUNCATE ON credit_payments FOR EACH STATEMENT EXECUTE FUNCTION list_status_counts_truncated();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER summary_deltas_flush AFTER INSERT OR UPDATE OR DELETE ON credit_payments DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION summary_deltas_flush();
--> statement-breakpoint
-- The counts made again from the tables: this migration's backfill, and a bulk load's (bench/scale/world.ts) after it inserted with these triggers off.
CREATE OR REPLACE FUNCTION list_row_counts_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM list_row_counts;
  INSERT INTO list_row_counts (table_name, shard, rows)
    SELECT 'credit_notes', 0, count(*) FROM credit_notes
    UNION ALL SELECT 'workflow_instances', 0, count(*) FROM workflow_instances
    UNION ALL SELECT 'sys_operation_logs', 0, count(*) FROM sys_operation_logs
    UNION ALL SELECT 'corporations', 0, count(*) FROM corporations
    UNION ALL SELECT 'financing_applications', 0, count(*) FROM financing_applications
    UNION ALL SELECT 'credit_payments/' || status, 0, count(*) FROM credit_payments GROUP BY status;
END $$;
--> statement-breakpoint
SELECT list_row_counts_rebuild();
