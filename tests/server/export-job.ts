/** Export jobs run in the background: a test waits for its record to leave PROCESSING (tests/support/until.ts). */
import { until } from '../support/until';
import { dataOf, type ApiClient } from './client';

export interface ExportJob {
  id: string;
  status: string;
  rowCount: number | null;
  [field: string]: unknown;
}

/** The export record once its job has ended (SUCCESS or FAILED), as the user who started it lists it. */
export const exportFinished = (client: ApiClient, id: string): Promise<ExportJob> =>
  until(`export ${id} finished`, async () => {
    const page = await dataOf<{ records: ExportJob[] }>(client, '/op/v1/export/file-export-records/page', { pageSize: 500 });
    const record = page.records.find((r) => r.id === id);
    return record && record.status !== 'PROCESSING' ? record : undefined;
  });
