/**
 * A test-only seam for the engine's own tests (step sequences, four-eyes, maker-checker, signing):
 * the generic workflow/instances/start starts nothing (PROCESS_OWNED / PROCESS_UNOWNED), and most
 * keys have no business module yet, so a test server given this module gets
 *
 *   POST /op/v1/workflow/test/start {processKey, businessKey, businessType?, summary?, variables?}
 *
 * which writes a real record (the table test_records, created on first use) and starts the instance
 * for it in the same transaction, through the engine in-process, as a business module does. A key no
 * module owns is owned here ('test records'); an owned key is started through its owner's handle (the
 * owner's listeners find no record of theirs and touch nothing; their modules' tests walk them with
 * their own records). The record's status follows its instance: RUNNING, then APPROVED or REJECTED
 * in the transaction that ends it. Never registered by the production server (server/app.ts).
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { RouteModule } from '../../server/app';
import type { Db } from '../../server/db/open';
import type { Tx } from '../../server/db/tx';
import { route } from '../../server/routes/route';
import { instanceView } from '../../server/workflow/queries';
import { MAX_BUSINESS_KEY, MAX_TEXT, processVariables } from '../../server/workflow/input';
import { optional, text } from '../../server/input/fields';
import { PERMISSIONS } from '../../src/lib/permissions';
import { PROCESS_KEYS } from '../../src/workflows/registry';

export const TEST_START = '/op/v1/workflow/test/start';
const TEST_OWNER = 'test records';

/** In the caller's transaction: the demo seed ends instances before any test has started one. */
const ensureTable = (tx: Tx) =>
  tx.execute(sql`CREATE TABLE IF NOT EXISTS test_records (
    id text PRIMARY KEY, process_key text NOT NULL, status text NOT NULL, instance_id text, update_time timestamptz NOT NULL DEFAULT now())`);

/** The record's status as the instance left it (RUNNING, APPROVED or REJECTED); undefined: no record. */
export async function testRecordStatus(db: Db | Tx, id: string): Promise<string | undefined> {
  const result: unknown = await db.execute(sql`SELECT status FROM test_records WHERE id = ${id}`);
  // PGlite answers {rows}, postgres-js an array.
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{ status: string }>;
  return rows[0]?.status;
}

/** The seam's body, declared like every route's (server/input/fields.ts). */
const testStartBody = z.object({
  processKey: text('server:input.fields.processKey', MAX_TEXT),
  businessKey: text('server:input.fields.businessKey', MAX_BUSINESS_KEY),
  businessType: optional(text('server:input.fields.kind', MAX_BUSINESS_KEY)),
  summary: optional(text('server:input.fields.remark', MAX_TEXT)),
  // Said as the workflow's own start says it (server/workflow/input.ts).
  variables: optional(processVariables),
});

export const testRecords: RouteModule = (api, ctx) => {
  for (const processKey of PROCESS_KEYS) {
    ctx.workflow.onInstanceEnd(processKey, async (event, tx) => {
      await ensureTable(tx);
      await tx.execute(
        sql`UPDATE test_records SET status = ${event.status}, update_time = now() WHERE id = ${event.instance.businessKey} AND process_key = ${processKey}`,
      );
    });
  }
  route(api, {
    method: 'POST',
    path: TEST_START,
    auth: 'session',
    permission: PERMISSIONS.task.start,
    body: testStartBody,
    handler: async ({ body, principal }) => {
      const { processKey, ...rest } = body;
      const input = { ...rest, variables: rest.variables ?? {} };
      const process = ctx.workflow.own(processKey, ctx.workflow.ownerOf(processKey) ?? TEST_OWNER);
      return ctx.db.transaction(async (tx) => {
        await ensureTable(tx);
        await tx.execute(sql`INSERT INTO test_records (id, process_key, status) VALUES (${input.businessKey}, ${processKey}, 'RUNNING')
          ON CONFLICT (id) DO UPDATE SET status = 'RUNNING', process_key = ${processKey}, update_time = now()`);
        const { instance, task } = await process.start(principal, input, tx);
        await tx.execute(sql`UPDATE test_records SET instance_id = ${instance.id} WHERE id = ${input.businessKey}`);
        return { instance: instanceView(instance), task };
      });
    },
  });
};
