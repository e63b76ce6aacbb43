/**
 * Exports of filtered lists: the call makes a PROCESSING record and answers at once; a job in this
 * process writes the .xlsx (header = zh-CN field labels, dict values as their labels) under
 * `${dataDir}/exports/` and marks the record SUCCESS or FAILURE. close() waits for running jobs.
 */
import { mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyBaseLogger } from 'fastify';
import { EXPORT_STATUS } from '../../src/lib/codes';
import type { FieldSchema } from '../../src/crud/resource';
import type { AnyResource } from '../crud/fields';
import type { Db } from '../db/open';
import { fileExportRecords, sysDictData } from '../db/schema';
import { translate } from '../i18n';
import type { Principal } from '../security/sessions';
import { DownloadTickets } from './tickets';

export type ExportRecord = typeof fileExportRecords.$inferSelect;
type Row = Record<string, unknown>;

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

  constructor(
    private readonly db: Db,
    dataDir: string,
    private readonly log: FastifyBaseLogger,
    ticketTtlMs?: number,
  ) {
    this.tickets = new DownloadTickets(db, ticketTtlMs);
    this.dir = join(dataDir, 'exports');
    mkdirSync(this.dir, { recursive: true });
  }

  /**
   * Jobs run in this process, so a record still PROCESSING at start belongs to a job a restart cut
   * off: it is marked failed instead of spinning forever. (One server per database is assumed.)
   */
  async failInterrupted(): Promise<number> {
    const failed = await this.db
      .update(fileExportRecords)
      .set({ status: EXPORT_STATUS.failure, message: translate('server:export.interrupted'), updateTime: new Date() })
      .where(eq(fileExportRecords.status, EXPORT_STATUS.processing))
      .returning({ id: fileExportRecords.id });
    return failed.length;
  }

  /** Makes the PROCESSING record and starts the job without waiting for it. */
  async start(principal: Principal, resource: AnyResource, rows: () => Promise<Row[]>): Promise<Omit<ExportRecord, 'filePath'>> {
    const fileName = `${translate(resource.title)}_${stamp(new Date())}.xlsx`;
    const [record] = await this.db
      .insert(fileExportRecords)
      .values({ userId: principal.userId, resourceName: resource.name, fileName, createBy: principal.username, updateBy: principal.username })
      .returning();
    const job = this.run(record, resource, rows).finally(() => this.running.delete(job));
    this.running.add(job);
    return publicRecord(record);
  }

  private async run(record: ExportRecord, resource: AnyResource, rows: () => Promise<Row[]>): Promise<void> {
    const filePath = join(this.dir, `${record.id}.xlsx`);
    try {
      const data = await rows();
      await this.writeWorkbook(filePath, resource, data);
      const kept = await this.finish(record.id, { status: EXPORT_STATUS.success, rowCount: data.length, filePath });
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

  private finish(id: string, changes: Partial<ExportRecord>) {
    return this.db
      .update(fileExportRecords)
      .set({ ...changes, updateTime: new Date() })
      .where(eq(fileExportRecords.id, id))
      .returning({ id: fileExportRecords.id });
  }

  private async dictLabels(fields: Array<[string, FieldSchema]>): Promise<Map<string, Map<string, string>>> {
    const types = [...new Set(fields.flatMap(([, s]) => (s.type === 'dict' && s.dictType ? [s.dictType] : [])))];
    const labels = new Map<string, Map<string, string>>(types.map((t) => [t, new Map()]));
    if (!types.length) return labels;
    const items = await this.db.select().from(sysDictData).where(inArray(sysDictData.dictType, types));
    for (const item of items) labels.get(item.dictType)!.set(item.dictValue, item.dictLabel);
    return labels;
  }

  private async writeWorkbook(filePath: string, resource: AnyResource, rows: Row[]): Promise<void> {
    const fields = exportFields(resource);
    const labels = await this.dictLabels(fields);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet(translate(resource.title));
    sheet.columns = fields.map(([name, schema]) => ({
      header: translate(schema.label),
      key: name,
      width: Math.max(12, Math.round((schema.width ?? 120) / 8)),
      ...(schema.type === 'datetime' ? { style: { numFmt: 'yyyy-mm-dd hh:mm:ss' } } : {}),
    }));
    sheet.getRow(1).font = { bold: true };
    for (const row of rows) {
      sheet.addRow(
        Object.fromEntries(
          fields.map(([name, schema]) => {
            const value = row[name];
            if (schema.type === 'dict' && schema.dictType) return [name, labels.get(schema.dictType)?.get(String(value)) ?? value];
            if (schema.type === 'boolean') return [name, translate(value ? 'server:export.yes' : 'server:export.no')];
            return [name, value ?? null];
          }),
        ),
      );
    }
    await workbook.xlsx.writeFile(filePath);
  }

  /** Deletes export files; a file already gone is fine. */
  async removeFiles(paths: readonly (string | null)[]): Promise<void> {
    await Promise.all(paths.filter((p): p is string => Boolean(p)).map((p) => rm(p, { force: true })));
  }

  /** Waits for running jobs, so the database is not closed under them. */
  async close(): Promise<void> {
    await Promise.allSettled([...this.running]);
  }
}
