/** The export records' part of the reference data (server/db/seed-data/catalogue.ts). */
import type { AreaCatalogue } from '../db/seed-data/catalogue';

export const catalogue: AreaCatalogue = {
  dictionaries: [
    {
      dictType: 'export_status',
      dictName: '导出状态',
      items: [
        ['PROCESSING', '处理中', 'processing'],
        ['SUCCESS', '成功', 'success'],
        ['FAILURE', '失败', 'error'],
      ],
    },
  ],
};
