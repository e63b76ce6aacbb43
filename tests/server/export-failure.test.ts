/**
 * An export whose rows fail part-way (the database gone, a batch's query refused): the streaming writer
 * has already put part of a sheet on disk, and that half-file must go with the record marked failed,
 * never be offered for download.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { fileExportRecords, users } from '../../server/db/schema';
import { ExportService } from '../../server/exports/service';
import { translate } from '../../server/i18n';
import type { Principal } from '../../server/security/sessions';
import { quotaLedgerResource } from '../../src/features/quotas/resources';
import { until } from '../support/until';
import { sharedServer } from './server';

const dataDir = mkdtempSync(join(tmpdir(), 'export-failure-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('an export whose rows fail part-way', () => {
  it('is marked failed and leaves no file behind', async () => {
    const srv = await sharedServer();
    const db = srv.database.db;
    const service = new ExportService(db, dataDir, srv.app.log);
    const [admin] = await db.select({ userId: users.id, username: users.username }).from(users).where(eq(users.username, 'op_admin'));
    // The service reads only who started the export; a full session is not needed to write its record.
    const principal = admin as Principal;
    let written = false;
    async function* batches() {
      // More than one piece of the sheet, so the writer has put bytes in the file before the failure.
      yield Array.from({ length: 3_000 }, (_, i) => ({ id: String(i + 1), amount: `${i}.50`, createTime: new Date() }));
      written = readdirSync(service.dir).length > 0;
      throw new Error('the second batch could not be read');
    }
    const started = await service.start(principal, quotaLedgerResource, batches);
    const record = await until('the export failed', async () => {
      const [row] = await db.select().from(fileExportRecords).where(eq(fileExportRecords.id, started.id));
      return row.status === 'PROCESSING' ? undefined : row;
    });
    await service.close();
    expect(written).toBe(true);
    expect(record).toMatchObject({ status: 'FAILURE', message: translate('server:export.failed'), filePath: null, rowCount: null });
    expect(existsSync(join(service.dir, `${started.id}.xlsx`))).toBe(false);
    expect(readdirSync(service.dir)).toEqual([]);
  });
});
