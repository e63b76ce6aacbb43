/**
 * Exports of filtered lists: the call makes a PROCESSING record and answers at once; a job in this
 * process writes the .xlsx (header = zh-CN field labels, dict values as their labels) under
 * `${dataDir}/exports/` and marks the record SUCCESS or FAILURE. close() waits for running jobs.
 */
import { mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq, inArray, notExists, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { EXPORT_STATUS } from '../../src/lib/codes';
import type { FieldSchema } from '../../src/crud/resource';
import type { AnyResource } from '../crud/fields';
import { referenceLabelKey } from '../../src/crud/resource';
import type { Db } from '../db/open';
import { exportRunners, fileExportRecords, serverProcesses, sysDictData } from '../db/schema';
import { PROCESS_GONE_MS } from '../process-heartbeat';
import { translate } from '../i18n';
import type { Principal } from '../security/sessions';
import { DownloadTickets, TICKET_TTL_MS } from './tickets';
import { XlsxStreamWriter, excelDateSerial } from './xlsx-stream';

export type ExportRecord = typeof fileExportRecords.$inferSelect;
type Row = Record<string, unknown>;
/**
 * The rows of an export: read at once (a list's page call, bounded by MAX_EXPORT_ROWS), or batch by
 * batch (a year's ledger), so that neither the rows nor the workbook are ever whole in memory.
 */
export type ExportRows = () => Promise<Row[]> | AsyncIterable<Row[]>;
/**
 * The rows of a large export as the driver's arrays (array-rows.ts), batch by batch: each row's values in the
 * order of exportFields(resource), as the sheet writes them, except that a dictionary value becomes its label,
 * a boolean 是/否, a datetime comes as epoch milliseconds (a number: no Date per row) and a reference as its
 * label(s). The arrays are written as they are (converted in place), so no mapped copy of a row exists.
 */
export type ExportArrays = () => AsyncIterable<unknown[][]>;
/** Where a job's rows come from: rows as objects by field name, or arrays in the columns' order. */
type RowSource = { objects: ExportRows } | { arrays: ExportArrays };
const EMPTY_ROW: unknown[] = [];

export { EXPORT_STATUS };

/** The record as the browser sees it: the file's place on disk stays on the server. */
export function publicRecord(record: ExportRecord): Omit<ExportRecord, 'filePath'> {
  const { filePath: _filePath, ...rest } = record; // dropped on purpose
  return rest;
}

/** The columns of an export: the list's columns (non-text fields unless marked otherwise). */
export const exportFields = (resource: AnyResource): Array<[string, FieldSchema]> =>
  Object.entries(resource.fields).filter(([, s]) => s.column ?? s.type !== 'text');

const stamp = (time: Date) => time.toISOString().replace(/\D/g, '').slice(0, 14);

export class ExportService {
  readonly dir: string;
  readonly tickets: DownloadTickets;
  private readonly running = new Set<Promise<void>>();
  private watcher: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    dataDir: string,
    private readonly log: FastifyBaseLogger,
    /** This process's id in server_processes (process-heartbeat.ts): its jobs are its own to finish. */
    private readonly processId?: string,
    /** The clock the download tickets expire by (AppOptions.now): tests move it instead of waiting. */
    now?: () => number,
  ) {
    this.tickets = new DownloadTickets(db, TICKET_TTL_MS, now);
    this.dir = join(dataDir, 'exports');
    mkdirSync(this.dir, { recursive: true });
  }

  /**
   * A job runs in the process that started it; a record still PROCESSING whose process no longer
   * shows signs of life (server_processes) was cut off by a crash or a restart, and is marked failed
   * instead of spinning forever. Several processes may share the database: another's running jobs
   * are left alone. Called at start and every PROCESS_GONE_MS after (watchInterrupted).
   */
  async failInterrupted(): Promise<number> {
    const alive = this.db
      .select({ one: sql`1` })
      .from(exportRunners)
      .innerJoin(serverProcesses, eq(serverProcesses.id, exportRunners.processId))
      .where(
        and(eq(exportRunners.recordId, fileExportRecords.id), sql`${serverProcesses.seenAt} > now() - ${PROCESS_GONE_MS}::int * interval '1 millisecond'`),
      );
    const failed = await this.db
      .update(fileExportRecords)
      .set({ status: EXPORT_STATUS.failure, message: translate('server:export.interrupted'), updateTime: new Date() })
      .where(and(eq(fileExportRecords.status, EXPORT_STATUS.processing), notExists(alive)))
      .returning({ id: fileExportRecords.id });
    return failed.length;
  }

  /** Fails cut-off exports now and then, so a crashed process's exports do not wait for a restart. */
  watchInterrupted(): void {
    this.watcher = setInterval(() => {
      this.failInterrupted().catch((error: unknown) => this.log.warn({ err: error }, 'checking for interrupted exports failed'));
    }, PROCESS_GONE_MS);
    this.watcher.unref();
  }

  /** Makes the PROCESSING record and starts the job without waiting for it. */
  start(principal: Principal, resource: AnyResource, rows: ExportRows): Promise<Omit<ExportRecord, 'filePath'>> {
    return this.begin(principal, resource, { objects: rows });
  }

  /** As start(), the rows read as arrays in the columns' order (ExportArrays): for exports of a year's rows. */
  startArrays(principal: Principal, resource: AnyResource, batches: ExportArrays): Promise<Omit<ExportRecord, 'filePath'>> {
    return this.begin(principal, resource, { arrays: batches });
  }

  private async begin(principal: Principal, resource: AnyResource, rows: RowSource): Promise<Omit<ExportRecord, 'filePath'>> {
    const fileName = `${translate(resource.title)}_${stamp(new Date())}.xlsx`;
    const [record] = await this.db
      .insert(fileExportRecords)
      .values({ userId: principal.userId, resourceName: resource.name, fileName, createBy: principal.username, updateBy: principal.username })
      .returning();
    if (this.processId) await this.db.insert(exportRunners).values({ recordId: record.id, processId: this.processId });
    const job = this.run(record, resource, rows).finally(() => this.running.delete(job));
    this.running.add(job);
    return publicRecord(record);
  }

  private async run(record: ExportRecord, resource: AnyResource, rows: RowSource): Promise<void> {
    const filePath = join(this.dir, `${record.id}.xlsx`);
    try {
      const rowCount = await this.writeWorkbook(filePath, resource, rows);
      const kept = await this.finish(record.id, { status: EXPORT_STATUS.success, rowCount, filePath });
      // Removed by its owner while the job ran: no record points at the file any more.
      if (kept.length === 0) await rm(filePath, { force: true });
    } catch (error) {
      // The error names what failed, never the rows' contents.
      this.log.error({ err: error, exportId: record.id }, 'export failed');
      await rm(filePath, { force: true });
      await this.finish(record.id, { status: EXPORT_STATUS.failure, message: translate('server:export.failed') }).catch((e: unknown) =>
        this.log.error({ err: e, exportId: record.id }, 'export status not saved'),
      );
    }
  }

  private async finish(id: string, changes: Partial<ExportRecord>) {
    const kept = await this.db
      .update(fileExportRecords)
      .set({ ...changes, updateTime: new Date() })
      .where(eq(fileExportRecords.id, id))
      .returning({ id: fileExportRecords.id });
    await this.db.delete(exportRunners).where(eq(exportRunners.recordId, id));
    return kept;
  }

  private async dictLabels(fields: Array<[string, FieldSchema]>): Promise<Map<string, Map<string, string>>> {
    const types = [...new Set(fields.flatMap(([, s]) => (s.type === 'dict' && s.dictType ? [s.dictType] : [])))];
    const labels = new Map<string, Map<string, string>>(types.map((t) => [t, new Map()]));
    if (!types.length) return labels;
    const items = await this.db.select().from(sysDictData).where(inArray(sysDictData.dictType, types));
    for (const item of items) labels.get(item.dictType)!.set(item.dictValue, item.dictLabel);
    return labels;
  }

  /**
   * Writes the workbook as a stream (xlsx-stream.ts): each batch's rows become the sheet's XML and are
   * deflated into the file as they come, waiting for the file when it is behind, so a 200,000-row ledger
   * costs the server a batch of rows, not the whole sheet. Answers the number of rows written.
   */
  private async writeWorkbook(filePath: string, resource: AnyResource, source: RowSource): Promise<number> {
    const fields = exportFields(resource);
    const labels = await this.dictLabels(fields);
    const yes = translate('server:export.yes');
    const no = translate('server:export.no');
    const separator = translate('kit:value.listSeparator');
    /** A cell as the sheet shows it; `label` is a reference's label(s), as the rows were presented (its current name), never the id. */
    const cellOf = (schema: FieldSchema, value: unknown, label: unknown): unknown => {
      if (schema.type === 'dict' && schema.dictType) return labels.get(schema.dictType)?.get(String(value)) ?? value;
      if (schema.type === 'boolean') return value ? yes : no;
      // Several references: their labels in one cell, as the list shows them.
      if (schema.type === 'reference') return Array.isArray(label) ? label.filter((l) => l !== null).join(separator) : label;
      return value;
    };
    const writer = await XlsxStreamWriter.open(
      filePath,
      translate(resource.title),
      fields.map(([, schema]) => ({
        header: translate(schema.label),
        width: Math.max(12, Math.round((schema.width ?? 120) / 8)),
        numFmt: schema.type === 'datetime' ? 'yyyy-mm-dd hh:mm:ss' : schema.type === 'date' ? 'yyyy-mm-dd' : undefined,
      })),
    );
    try {
      if ('objects' in source) {
        const rows = source.objects();
        const batches: AsyncIterable<Row[]> =
          Symbol.asyncIterator in rows
            ? rows
            : (async function* () {
                yield await rows;
              })();
        const columns = fields.map(([name, schema]) => ({ name, schema, labelKey: schema.type === 'reference' ? referenceLabelKey(name) : name }));
        for await (const batch of batches) {
          // Each row's cells as the writer takes them, not the batch's all at once (less garbage lives long enough to reach V8's old space).
          await writer.addRows(
            (function* () {
              for (const row of batch) yield columns.map(({ name, schema, labelKey }) => cellOf(schema, row[name], row[labelKey]));
            })(),
          );
        }
      } else {
        // Only the columns whose cell differs from the value read are touched, in place: a row stays the driver's one array.
        const converted = fields.flatMap(([, schema], index) =>
          schema.type === 'datetime' || schema.type === 'boolean' || schema.type === 'reference' || (schema.type === 'dict' && schema.dictType)
            ? [{ index, schema }]
            : [],
        );
        for await (const batch of source.arrays()) {
          await writer.addRows(
            (function* () {
              for (let i = 0; i < batch.length; i++) {
                const row = batch[i];
                // Let go of the row once it is written: the batch no longer keeps it alive through the writer's turns.
                batch[i] = EMPTY_ROW;
                for (const { index, schema } of converted) {
                  const value = row[index];
                  row[index] = schema.type === 'datetime' ? (typeof value === 'number' ? excelDateSerial(value) : value) : cellOf(schema, value, value);
                }
                yield row;
              }
            })(),
          );
        }
      }
      await writer.finish();
    } catch (error) {
      await writer.abort();
      throw error;
    }
    return writer.rowCount;
  }

  /** Deletes export files; a file already gone is fine. */
  async removeFiles(paths: readonly (string | null)[]): Promise<void> {
    await Promise.all(paths.filter((p): p is string => Boolean(p)).map((p) => rm(p, { force: true })));
  }

  /** Waits for running jobs, so the database is not closed under them. */
  async close(): Promise<void> {
    clearInterval(this.watcher);
    await Promise.allSettled([...this.running]);
  }
}
