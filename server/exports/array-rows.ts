/**
 * A query's rows as the driver's arrays, with no object per row: for the large exports (issue 42, a
 * 200,000-row ledger within 150 MB of the server's memory). drizzle reads a select as arrays too, then maps
 * each into an object (and a timestamp into a Date); at an export's scale those copies outlived V8's
 * scavenges and were promoted as garbage. Here the query is drizzle's (its SQL and parameters, so the
 * expressions stay the ones the pages use) and the rows are the driver's own arrays, one per row, values
 * parsed by the driver's defaults (text as strings, float8 as numbers): the caller selects what it writes,
 * formatted by the database.
 */
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Db } from '../db/open';

interface Compiled {
  toSQL(): { sql: string; params: unknown[] };
}

/** Runs a drizzle query (a select builder) on the database's own client, answering its rows as arrays. */
export async function arrayRows(db: Db, query: Compiled): Promise<unknown[][]> {
  const { sql: text, params } = query.toSQL();
  // drizzle keeps the client it was given (server/db/open.ts: a PGlite, or node-postgres's Pool for DATABASE_URL).
  const client: unknown = (db as Db & { $client?: unknown }).$client;
  if (client instanceof PGlite) return (await client.query<unknown[]>(text, params, { rowMode: 'array' })).rows;
  if (client instanceof pg.Pool) return (await client.query<unknown[]>({ text, values: params, rowMode: 'array' })).rows;
  throw new Error('arrayRows: the database is neither PGlite nor a node-postgres pool');
}
