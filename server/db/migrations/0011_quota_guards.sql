-- The quota ledger's guards that a table definition cannot express (server/quotas/schema.ts).
-- 1. The ledger is append-only: a movement, once written, is never changed or removed.
CREATE OR REPLACE FUNCTION quota_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'quota_ledger is append-only' USING ERRCODE = 'restrict_violation';
END
$$;
--> statement-breakpoint
CREATE TRIGGER quota_ledger_append_only BEFORE UPDATE OR DELETE ON quota_ledger
  FOR EACH ROW EXECUTE FUNCTION quota_ledger_append_only();
--> statement-breakpoint
-- 2. A dispatch conserves the tree's total: when a transaction commits, every account it touched has
-- dispatched exactly what its children were granted, so no unit holds more than its parent gave it.
CREATE OR REPLACE FUNCTION quota_accounts_conserved() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  broken text;
BEGIN
  SELECT a.id INTO broken FROM quota_accounts a
   WHERE a.id IN (NEW.id, NEW.parent_id)
     AND a.dispatched <> COALESCE((SELECT sum(c.granted) FROM quota_accounts c WHERE c.parent_id = a.id), 0)
   LIMIT 1;
  IF broken IS NOT NULL THEN
    RAISE EXCEPTION 'quota account % dispatched differs from what its children hold', broken USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER quota_accounts_conserved AFTER INSERT OR UPDATE ON quota_accounts
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION quota_accounts_conserved();
