-- The operation log is append-only (server/operation-log/schema.ts): an entry, once written with the
-- write it records, is never changed or removed, by the API or by anyone with a database connection.
CREATE OR REPLACE FUNCTION sys_operation_logs_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'sys_operation_logs is append-only' USING ERRCODE = 'restrict_violation';
END
$$;
--> statement-breakpoint
CREATE TRIGGER sys_operation_logs_append_only BEFORE UPDATE OR DELETE ON sys_operation_logs
  FOR EACH ROW EXECUTE FUNCTION sys_operation_logs_append_only();
--> statement-breakpoint
CREATE TRIGGER sys_operation_logs_no_truncate BEFORE TRUNCATE ON sys_operation_logs
  FOR EACH STATEMENT EXECUTE FUNCTION sys_operation_logs_append_only();
