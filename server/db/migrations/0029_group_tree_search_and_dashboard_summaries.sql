CREATE TABLE "quota_ledger_totals" (
	"account_id" text PRIMARY KEY NOT NULL,
	"movements" integer DEFAULT 0 NOT NULL,
	"d_granted" numeric(18, 2) DEFAULT '0' NOT NULL,
	"d_dispatched" numeric(18, 2) DEFAULT '0' NOT NULL,
	"d_frozen" numeric(18, 2) DEFAULT '0' NOT NULL,
	"d_used" numeric(18, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quota_recycle_bins" (
	"bin" timestamp with time zone PRIMARY KEY NOT NULL,
	"movements" integer DEFAULT 0 NOT NULL,
	"amount" numeric(18, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quota_ledger_totals" ADD CONSTRAINT "quota_ledger_totals_account_id_quota_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."quota_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "corporations_name_trgm_idx" ON "corporations" USING gin ("corp_name" gin_trgm_ops) WITH (fastupdate=off);--> statement-breakpoint
CREATE INDEX "group_units_corp_idx" ON "group_units" USING btree ("corp_id");--> statement-breakpoint
CREATE INDEX "group_units_name_trgm_idx" ON "group_units" USING gin ("unit_name" gin_trgm_ops) WITH (fastupdate=off);--> statement-breakpoint
-- hand-written: the dashboard's ledger summaries, kept by the transaction that appends a ledger row, and filled from the rows already there
CREATE OR REPLACE FUNCTION quota_ledger_summaries() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO quota_ledger_totals AS t (account_id, movements, d_granted, d_dispatched, d_frozen, d_used)
    VALUES (NEW.account_id, 1, NEW.d_granted, NEW.d_dispatched, NEW.d_frozen, NEW.d_used)
    ON CONFLICT (account_id) DO UPDATE SET movements = t.movements + 1, d_granted = t.d_granted + EXCLUDED.d_granted,
      d_dispatched = t.d_dispatched + EXCLUDED.d_dispatched, d_frozen = t.d_frozen + EXCLUDED.d_frozen, d_used = t.d_used + EXCLUDED.d_used;
  IF NEW.movement = 'RECYCLE' THEN
    INSERT INTO quota_recycle_bins AS b (bin, movements, amount)
      VALUES (date_bin('15 minutes', NEW.create_time, timestamptz '2000-01-01 00:00:00+00'), 1, NEW.amount)
      ON CONFLICT (bin) DO UPDATE SET movements = b.movements + 1, amount = b.amount + EXCLUDED.amount;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER quota_ledger_summaries AFTER INSERT ON quota_ledger FOR EACH ROW EXECUTE FUNCTION quota_ledger_summaries();
--> statement-breakpoint
-- The summaries made again from every ledger row: this migration's backfill, and a bulk load's (bench/scale/world.ts) after it inserted with the trigger off.
CREATE OR REPLACE FUNCTION quota_ledger_summaries_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM quota_ledger_totals;
  DELETE FROM quota_recycle_bins;
  INSERT INTO quota_ledger_totals (account_id, movements, d_granted, d_dispatched, d_frozen, d_used)
    SELECT account_id, count(*), sum(d_granted), sum(d_dispatched), sum(d_frozen), sum(d_used) FROM quota_ledger GROUP BY account_id;
  INSERT INTO quota_recycle_bins (bin, movements, amount)
    SELECT date_bin('15 minutes', create_time, timestamptz '2000-01-01 00:00:00+00'), count(*), sum(amount) FROM quota_ledger WHERE movement = 'RECYCLE' GROUP BY 1;
END $$;
--> statement-breakpoint
SELECT quota_ledger_summaries_rebuild();
