/** The products area's dictionaries, seeded with the others (server/db/seed-data/dictionaries.ts). */
import type { DictSeed } from '../db/seed-data/dictionaries';

export const PRODUCT_DICTIONARIES: readonly DictSeed[] = [
  {
    dictType: 'std_template_status',
    dictName: '模板版本状态',
    items: [
      ['DRAFT', '草稿', 'default'],
      ['APPROVED', '已定稿', 'success'],
    ],
  },
];
