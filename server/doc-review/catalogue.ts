/** Document review's part of the reference data (server/db/seed-data/catalogue.ts). */
import { PERMISSIONS } from '../../src/features/doc-review/permissions';
import { ROLE } from '../../src/lib/codes';
import { resourceOf } from '../../src/lib/grants';
import type { AreaCatalogue } from '../db/seed-data/catalogue';

const DOC_REVIEW = resourceOf(PERMISSIONS.docReview);

export const catalogue: AreaCatalogue = {
  grants: {
    [ROLE.OP_HANDLER]: [{ resources: [DOC_REVIEW], actions: '*' }],
    [ROLE.OP_DIRECTOR]: [{ resources: [DOC_REVIEW], actions: '*' }],
  },
  dictionaries: [
    {
      dictType: 'doc_file_type',
      dictName: '资料类型',
      items: [
        ['BASIC_INFO', '基础资料', 'default'],
        ['BUSI_CONTRACT', '商务合同', 'processing'],
        ['INVOICE', '发票', 'warning'],
        ['OTHER', '其他资料', 'default'],
      ],
    },
  ],
};
