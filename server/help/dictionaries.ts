/** The help centre's dictionary, seeded with the others (server/db/seed-data/dictionaries.ts). */
import type { DictSeed } from '../db/seed-data/dictionaries';

export const HELP_DICTIONARIES: readonly DictSeed[] = [
  {
    dictType: 'help_category',
    dictName: '帮助分类',
    items: [
      ['GETTING_STARTED', '入门指南', 'processing'],
      ['APPROVAL', '审批流程', 'success'],
      ['SIGNING', '签署与验证', 'warning'],
      ['QUOTA', '额度管理', 'processing'],
      ['CORPORATION', '企业管理', 'default'],
      ['FAQ', '常见问题', 'default'],
    ],
  },
];
