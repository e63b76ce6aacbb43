/**
 * Every write a call commits is logged, by construction (issue 38 item 1). The database itself refuses
 * to commit a call's transaction that changed operator data without writing an operation-log entry:
 *
 *   - every table of the schema but the bookkeeping ones below carries a row trigger that, in a
 *     transaction marked as a call's, notes the first change in `sys_unlogged_writes`;
 *   - that note has a deferred constraint trigger, run at COMMIT, which raises unless an entry was
 *     inserted into `sys_operation_logs` in the same transaction (its statement trigger sets a
 *     transaction-local flag), and otherwise removes the note;
 *   - route() runs every handler inside the call's scope (origin.ts), and the database handle the server
 *     uses (guardWrites) marks each transaction opened in that scope, and refuses a write to a guarded
 *     table outside a transaction there, where nothing could be checked before it commits.
 *
 * So a route that forgets its recordChange fails with a server fault and changes nothing, whichever
 * area it lives in; tests/server/write-log-guard.test.ts walks the registered routes. Writes outside a
 * call (migrations, reference data, the demo seed, background jobs) are not operators' writes and
 * are not marked. The triggers are installed at start (installWriteGuards), so a table added later is
 * guarded without anyone remembering to.
 */
import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/open';
import { schemaTables } from '../db/schema-facts';
import { inCall } from './origin';

/**
 * Tables a call may write without an entry: each is the bookkeeping of the server itself or of a
 * read, never an operator's data. Anything not named here is guarded.
 */
export const UNGUARDED_TABLES: Readonly<Record<string, string>> = {
  sys_operation_logs: 'the log itself',
  sessions: 'sign-in sessions: their last-seen time, the chosen entity; sign-in and sign-out are in the login log',
  used_nonces: 'signed requests’ nonces',
  sys_login_logs: 'the login log, itself a log',
  sys_login_locks: 'the count of failed sign-ins',
  sms_sign_codes: 'SMS sign codes sent and spent',
  file_export_records: 'export jobs: an export reads, it changes nothing',
  audit_rule_runs:
    'an audit run’s stored report: a run reads the grants and the history, it changes nothing (and logging it would make the auditor a writer to the read-only rule)',
  export_runners: 'which process runs an export',
  download_tickets: 'one-time download tickets of an export',
  server_processes: 'process heartbeats',
  server_secrets: 'keys made on first use',
  data_keys: 'the sensitive-data key made on first use',
  rsa_keys: 'the sign-in key pair made on first use',
  reference_items: 'reference data received at start',
  reference_gaps: 'references a migration could not map, reported at start',
  reference_mapping_report: 'the upgrade’s mapping report',
};

export const GUARD_TRIGGER = 'scf_write_guard';
const GUARD_SETTING = 'scf.log_guard';

export const guardedTableNames = (): string[] =>
  [...new Set(schemaTables.map((table) => getTableConfig(table).name))].filter((name) => !Object.hasOwn(UNGUARDED_TABLES, name)).sort();

const guardedNames = new Set<string>();
const isGuarded = (table: unknown): boolean => {
  if (!is(table, PgTable)) return false;
  if (guardedNames.size === 0) for (const name of guardedTableNames()) guardedNames.add(name);
  return guardedNames.has(getTableConfig(table).name);
};

/** A server fault: a call wrote a guarded table outside a transaction, where no entry can be checked. */
export class UnloggedWriteError extends Error {
  constructor(table: string) {
    super(`write to ${table} outside a transaction in a call: it cannot be checked for its operation-log entry`);
  }
}

/**
 * The database handle every part of the server uses: in a call's scope each transaction is marked
 * (so its commit needs an operation-log entry when it changed a guarded table), and a direct write to
 * a guarded table is refused. Outside a call it is the plain handle.
 */
export function guardWrites(db: Db): Db {
  const known = guarded.get(db);
  if (known) return known;
  const proxy: Db = new Proxy(db, {
    get(target, property, receiver) {
      if (property === 'transaction') {
        const transaction: Db['transaction'] = (run, config) =>
          target.transaction(async (tx) => {
            if (inCall()) await tx.execute(sql`select set_config(${GUARD_SETTING}, 'on', true)`);
            return run(tx);
          }, config);
        return transaction;
      }
      if (property === 'insert' || property === 'update' || property === 'delete') {
        const write = Reflect.get(target, property, receiver) as (table: PgTable) => unknown;
        return (table: PgTable) => {
          if (inCall() && isGuarded(table)) throw new UnloggedWriteError(getTableConfig(table).name);
          return write.call(target, table);
        };
      }
      return Reflect.get(target, property, receiver);
    },
  });
  guarded.set(db, proxy);
  rawOf.set(proxy, db);
  return proxy;
}

// One guarded handle per database (the app wraps it in two places), and the way back to the handle it
// wraps: what keys a per-database registry (server/corporations/unit-holdings.ts), where a test holds the plain one.
const guarded = new WeakMap<Db, Db>();
const rawOf = new WeakMap<Db, Db>();

/** The plain handle a guarded one wraps (itself when it wraps none). */
export const unguarded = (db: Db): Db => rawOf.get(db) ?? db;

/**
 * The functions, the note table and one trigger per guarded table, made where missing. Under an
 * advisory lock, so processes starting together on one PostgreSQL do not race on the DDL.
 */
export async function installWriteGuards(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('scf_write_guard'))`);
    await tx.execute(sql.raw(`CREATE TABLE IF NOT EXISTS sys_unlogged_writes (table_name text NOT NULL)`));
    await tx.execute(
      sql.raw(`CREATE OR REPLACE FUNCTION scf_operation_logged() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('scf.op_logged', 'on', true);
  RETURN NULL;
END $$`),
    );
    await tx.execute(
      sql.raw(`CREATE OR REPLACE FUNCTION scf_note_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('${GUARD_SETTING}', true), '') <> 'on'
     OR coalesce(current_setting('scf.write_noted', true), '') = 'on' THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('scf.write_noted', 'on', true);
  INSERT INTO sys_unlogged_writes (table_name) VALUES (TG_TABLE_NAME);
  RETURN NULL;
END $$`),
    );
    await tx.execute(
      sql.raw(`CREATE OR REPLACE FUNCTION scf_require_operation_log() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('scf.op_logged', true), '') <> 'on' THEN
    RAISE EXCEPTION 'SCF_UNLOGGED_WRITE: a call changed % without an operation-log entry', NEW.table_name USING ERRCODE = 'SC001';
  END IF;
  DELETE FROM sys_unlogged_writes WHERE ctid = NEW.ctid;
  RETURN NULL;
END $$`),
    );
    const existing = (await tx.execute(
      sql`select c.relname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid where t.tgname in (${GUARD_TRIGGER}, 'scf_operation_logged', 'scf_require_operation_log') and not t.tgisinternal`,
    )) as unknown as { rows: { name: string }[] };
    const has = new Set(existing.rows.map((row) => row.name));
    if (!has.has('sys_operation_logs'))
      await tx.execute(
        sql.raw(`CREATE TRIGGER scf_operation_logged AFTER INSERT ON sys_operation_logs FOR EACH STATEMENT EXECUTE FUNCTION scf_operation_logged()`),
      );
    if (!has.has('sys_unlogged_writes'))
      await tx.execute(
        sql.raw(
          `CREATE CONSTRAINT TRIGGER scf_require_operation_log AFTER INSERT ON sys_unlogged_writes DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION scf_require_operation_log()`,
        ),
      );
    for (const name of guardedTableNames()) {
      if (has.has(name)) continue;
      await tx.execute(sql.raw(`CREATE TRIGGER ${GUARD_TRIGGER} AFTER INSERT OR UPDATE OR DELETE ON "${name}" FOR EACH ROW EXECUTE FUNCTION scf_note_write()`));
    }
  });
}
