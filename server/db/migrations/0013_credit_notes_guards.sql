-- Credit notes' guard that a table definition cannot express (server/credit-notes/schema.ts):
-- a split conserves the amount. When a transaction commits, every note it split (status SPLIT) has
-- children whose amounts sum exactly to its own, and a note with children is SPLIT.
CREATE OR REPLACE FUNCTION credit_notes_split_conserved() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  broken text;
BEGIN
  SELECT n.note_no INTO broken FROM credit_notes n
   WHERE n.id IN (NEW.id, NEW.parent_id)
     AND EXISTS (SELECT 1 FROM credit_notes c WHERE c.parent_id = n.id)
     AND (n.status <> 'SPLIT' OR n.amount <> (SELECT sum(c.amount) FROM credit_notes c WHERE c.parent_id = n.id))
   LIMIT 1;
  IF broken IS NOT NULL THEN
    RAISE EXCEPTION 'credit note % is not the exact sum of its split notes', broken USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER credit_notes_split_conserved AFTER INSERT OR UPDATE ON credit_notes
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION credit_notes_split_conserved();
