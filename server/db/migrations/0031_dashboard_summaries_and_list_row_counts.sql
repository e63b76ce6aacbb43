CREATE TABLE "corporation_admission_counts" (
	"admission_status" text PRIMARY KEY NOT NULL,
	"corporations" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "corporation_type_counts" (
	"corp_type" text NOT NULL,
	"admission_status" text NOT NULL,
	"corporations" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "corporation_type_counts_corp_type_admission_status_pk" PRIMARY KEY("corp_type","admission_status")
);
--> statement-breakpoint
CREATE TABLE "credit_note_due_totals" (
	"due_date" date NOT NULL,
	"status" text NOT NULL,
	"notes" integer DEFAULT 0 NOT NULL,
	"amount" numeric(18, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "credit_note_due_totals_due_date_status_pk" PRIMARY KEY("due_date","status")
);
--> statement-breakpoint
CREATE TABLE "credit_note_holder_totals" (
	"holder_corp_id" text PRIMARY KEY NOT NULL,
	"notes" integer DEFAULT 0 NOT NULL,
	"amount" numeric(18, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_note_issue_totals" (
	"issue_date" date PRIMARY KEY NOT NULL,
	"notes" integer DEFAULT 0 NOT NULL,
	"amount" numeric(18, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "list_row_counts" (
	"table_name" text NOT NULL,
	"shard" smallint NOT NULL,
	"rows" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "list_row_counts_table_name_shard_pk" PRIMARY KEY("table_name","shard")
);
--> statement-breakpoint
CREATE TABLE "workflow_end_bins" (
	"bin" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"instances" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "workflow_end_bins_bin_status_pk" PRIMARY KEY("bin","status")
);
--> statement-breakpoint
CREATE INDEX "credit_note_holder_totals_rank_idx" ON "credit_note_holder_totals" USING btree ("amount" DESC NULLS FIRST,"holder_corp_id");--> statement-breakpoint
CREATE INDEX "workflow_instances_order_idx" ON "workflow_instances" USING btree ("create_time" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "workflow_instances_end_idx" ON "workflow_instances" USING btree ("end_time");--> statement-breakpoint
-- hand-written: the dashboard's credit-note, task and corporation summaries, kept by the transaction that writes the row (any code path), and filled from the rows already there
CREATE OR REPLACE FUNCTION credit_note_summaries_apply(r credit_notes, sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO credit_note_due_totals AS t (due_date, status, notes, amount) VALUES (r.due_date, r.status, sign, sign * r.amount)
    ON CONFLICT (due_date, status) DO UPDATE SET notes = t.notes + EXCLUDED.notes, amount = t.amount + EXCLUDED.amount;
  DELETE FROM credit_note_due_totals WHERE due_date = r.due_date AND status = r.status AND notes = 0;
  -- Issued: what issuance made (no parent), so a split never counts twice.
  IF r.parent_id IS NULL THEN
    INSERT INTO credit_note_issue_totals AS t (issue_date, notes, amount) VALUES (r.issue_date, sign, sign * r.amount)
      ON CONFLICT (issue_date) DO UPDATE SET notes = t.notes + EXCLUDED.notes, amount = t.amount + EXCLUDED.amount;
    DELETE FROM credit_note_issue_totals WHERE issue_date = r.issue_date AND notes = 0;
  END IF;
  -- Outstanding: OUTSTANDING_STATUSES of src/lib/credit-notes (dashboard-summaries.test.ts compares the ranking with the raw rows').
  IF r.status IN ('ISSUED', 'FINANCED') THEN
    INSERT INTO credit_note_holder_totals AS t (holder_corp_id, notes, amount) VALUES (r.holder_corp_id, sign, sign * r.amount)
      ON CONFLICT (holder_corp_id) DO UPDATE SET notes = t.notes + EXCLUDED.notes, amount = t.amount + EXCLUDED.amount;
    DELETE FROM credit_note_holder_totals WHERE holder_corp_id = r.holder_corp_id AND notes = 0;
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION credit_note_summaries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- An update of what no summary reads (a remark, a version) moves nothing.
  IF TG_OP = 'UPDATE' AND NEW.status = OLD.status AND NEW.due_date = OLD.due_date AND NEW.amount = OLD.amount AND NEW.holder_corp_id = OLD.holder_corp_id
    AND NEW.issue_date = OLD.issue_date AND NEW.parent_id IS NOT DISTINCT FROM OLD.parent_id THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM credit_note_summaries_apply(OLD, -1); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM credit_note_summaries_apply(NEW, 1); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER credit_note_summaries AFTER INSERT OR UPDATE OR DELETE ON credit_notes FOR EACH ROW EXECUTE FUNCTION credit_note_summaries();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION workflow_end_summaries_apply(ended timestamptz, ended_as text, sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  ended_bin timestamptz := date_bin('15 minutes', ended, timestamptz '2000-01-01 00:00:00+00');
BEGIN
  IF ended IS NULL THEN RETURN; END IF;
  INSERT INTO workflow_end_bins AS b (bin, status, instances) VALUES (ended_bin, ended_as, sign)
    ON CONFLICT (bin, status) DO UPDATE SET instances = b.instances + EXCLUDED.instances;
  DELETE FROM workflow_end_bins b WHERE b.bin = ended_bin AND b.status = ended_as AND b.instances = 0;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION workflow_end_summaries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A step moving on (current activity, version) ends nothing.
  IF TG_OP = 'UPDATE' AND NEW.end_time IS NOT DISTINCT FROM OLD.end_time AND NEW.status = OLD.status THEN RETURN NULL; END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM workflow_end_summaries_apply(OLD.end_time, OLD.status, -1); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM workflow_end_summaries_apply(NEW.end_time, NEW.status, 1); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER workflow_end_summaries AFTER INSERT OR UPDATE OR DELETE ON workflow_instances FOR EACH ROW EXECUTE FUNCTION workflow_end_summaries();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION corporation_summaries_apply(r corporations, sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO corporation_admission_counts AS c (admission_status, corporations) VALUES (r.admission_status, sign)
    ON CONFLICT (admission_status) DO UPDATE SET corporations = c.corporations + EXCLUDED.corporations;
  DELETE FROM corporation_admission_counts WHERE admission_status = r.admission_status AND corporations = 0;
  -- Grouped: a type named twice counts twice, as unnest over the rows counts it, and one statement may not touch a row twice.
  INSERT INTO corporation_type_counts AS c (corp_type, admission_status, corporations)
    SELECT t, r.admission_status, sign * count(*) FROM unnest(r.corp_types) AS t GROUP BY t
    ON CONFLICT (corp_type, admission_status) DO UPDATE SET corporations = c.corporations + EXCLUDED.corporations;
  DELETE FROM corporation_type_counts WHERE corp_type = ANY (r.corp_types) AND admission_status = r.admission_status AND corporations = 0;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION corporation_summaries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.admission_status = OLD.admission_status AND NEW.corp_types = OLD.corp_types THEN RETURN NULL; END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM corporation_summaries_apply(OLD, -1); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM corporation_summaries_apply(NEW, 1); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER corporation_summaries AFTER INSERT OR UPDATE OR DELETE ON corporations FOR EACH ROW EXECUTE FUNCTION corporation_summaries();
--> statement-breakpoint
-- The summaries made again from every row: this migration's backfill (an earlier release's notes, instances and corporations), and a bulk load's (bench/scale/world.ts) after it inserted with these triggers off.
CREATE OR REPLACE FUNCTION dashboard_summaries_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM credit_note_due_totals;
  DELETE FROM credit_note_issue_totals;
  DELETE FROM credit_note_holder_totals;
  DELETE FROM workflow_end_bins;
  DELETE FROM corporation_admission_counts;
  DELETE FROM corporation_type_counts;
  INSERT INTO credit_note_due_totals (due_date, status, notes, amount) SELECT due_date, status, count(*), sum(amount) FROM credit_notes GROUP BY due_date, status;
  INSERT INTO credit_note_issue_totals (issue_date, notes, amount) SELECT issue_date, count(*), sum(amount) FROM credit_notes WHERE parent_id IS NULL GROUP BY issue_date;
  INSERT INTO credit_note_holder_totals (holder_corp_id, notes, amount)
    SELECT holder_corp_id, count(*), sum(amount) FROM credit_notes WHERE status IN ('ISSUED', 'FINANCED') GROUP BY holder_corp_id;
  INSERT INTO workflow_end_bins (bin, status, instances)
    SELECT date_bin('15 minutes', end_time, timestamptz '2000-01-01 00:00:00+00'), status, count(*) FROM workflow_instances WHERE end_time IS NOT NULL GROUP BY 1, 2;
  INSERT INTO corporation_admission_counts (admission_status, corporations) SELECT admission_status, count(*) FROM corporations GROUP BY admission_status;
  INSERT INTO corporation_type_counts (corp_type, admission_status, corporations)
    SELECT t, admission_status, count(*) FROM corporations, unnest(corp_types) AS t GROUP BY t, admission_status;
END $$;
--> statement-breakpoint
SELECT dashboard_summaries_rebuild();
--> statement-breakpoint
-- hand-written: the row counts of the largest lists' tables, kept by statement triggers (one upsert per statement, however many rows it wrote), and filled from the rows already there
CREATE OR REPLACE FUNCTION list_row_counts_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO list_row_counts AS c (table_name, shard, rows)
    SELECT TG_TABLE_NAME, pg_backend_pid() % 16, count(*) FROM added HAVING count(*) > 0
    ON CONFLICT (table_name, shard) DO UPDATE SET rows = c.rows + EXCLUDED.rows;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION list_row_counts_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO list_row_counts AS c (table_name, shard, rows)
    SELECT TG_TABLE_NAME, pg_backend_pid() % 16, -count(*) FROM removed HAVING count(*) > 0
    ON CONFLICT (table_name, shard) DO UPDATE SET rows = c.rows + EXCLUDED.rows;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION list_row_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM list_row_counts WHERE table_name = TG_TABLE_NAME;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER list_row_counts_added AFTER INSERT ON credit_notes REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION list_row_counts_added();
--> statement-breakpoint
CREATE TRIGGER list_row_counts_removed AFTER DELETE ON credit_notes REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION list_row_counts_removed();
--> statement-breakpoint
CREATE TRIGGER list_row_counts_truncated AFTER TRUNCATE ON credit_notes FOR EACH STATEMENT EXECUTE FUNCTION list_row_counts_truncated();
--> statement-breakpoint
CREATE TRIGGER list_row_counts_added AFTER INSERT ON workflow_instances REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION list_row_counts_added();
--> statement-breakpoint
CREATE TRIGGER list_row_counts_removed AFTER DELETE ON workflow_instances REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION list_row_counts_removed();
--> statement-breakpoint
CREATE TRIGGER list_row_counts_truncated AFTER TRUNCATE ON workflow_instances FOR EACH STATEMENT EXECUTE FUNCTION list_row_counts_truncated();
--> statement-breakpoint
CREATE TRIGGER list_row_counts_added AFTER INSERT ON sys_operation_logs REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION list_row_counts_added();
--> statement-breakpoint
CREATE TRIGGER list_row_counts_removed AFTER DELETE ON sys_operation_logs REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION list_row_counts_removed();
--> statement-breakpoint
CREATE TRIGGER list_row_counts_truncated AFTER TRUNCATE ON sys_operation_logs FOR EACH STATEMENT EXECUTE FUNCTION list_row_counts_truncated();
--> statement-breakpoint
-- The counts made again from the tables: this migration's backfill, and a bulk load's (bench/scale/world.ts) after it inserted with these triggers off.
CREATE OR REPLACE FUNCTION list_row_counts_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM list_row_counts;
  INSERT INTO list_row_counts (table_name, shard, rows)
    SELECT 'credit_notes', 0, count(*) FROM credit_notes
    UNION ALL SELECT 'workflow_instances', 0, count(*) FROM workflow_instances
    UNION ALL SELECT 'sys_operation_logs', 0, count(*) FROM sys_operation_logs;
END $$;
--> statement-breakpoint
SELECT list_row_counts_rebuild();
