-- 票据编号 contains what is typed (the notes list's filter): a trigram index finds the few notes that hold it among a year's
-- 1,000,000, where the status and due-date indexes walked every note of the status (tests/server/scale-plans.test.ts).
CREATE INDEX "credit_notes_note_no_trgm_idx" ON "credit_notes" USING gin ("note_no" gin_trgm_ops) WITH (fastupdate=off);