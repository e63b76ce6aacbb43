/** The quota area's dictionaries, seeded with the others (server/db/seed-data/dictionaries.ts). */
import type { DictSeed } from '../db/seed-data/dictionaries';

export const QUOTA_DICTIONARIES: readonly DictSeed[] = [
  {
    dictType: 'quota_kind',
    dictName: '额度类型',
    items: [
      ['PLATFORM', '平台额度', 'processing'],
      ['FINANCE', '资金方额度', 'success'],
      ['THIRD_PARTY', '第三方额度', 'warning'],
    ],
  },
  {
    dictType: 'quota_channel',
    dictName: '额度渠道',
    items: [
      ['PLATFORM', '平台', 'processing'],
      ['FINANCE', '资金方', 'success'],
    ],
  },
  {
    dictType: 'quota_request_type',
    dictName: '额度申请类型',
    items: [
      ['APPLY', '额度申请', 'processing'],
      ['MODIFY', '额度调整', 'warning'],
      ['DISPATCH', '额度下发', 'success'],
      ['REDISPATCH', '重新下发', 'default'],
    ],
  },
  {
    dictType: 'quota_movement',
    dictName: '额度流水类型',
    items: [
      ['GRANT', '授予', 'success'],
      ['ADJUST', '调整', 'warning'],
      ['DISPATCH_OUT', '下发', 'processing'],
      ['DISPATCH_IN', '下拨', 'processing'],
      ['FREEZE', '冻结', 'error'],
      ['UNFREEZE', '解冻', 'default'],
      ['OCCUPY', '占用', 'warning'],
      ['RELEASE', '释放', 'default'],
      ['RECYCLE', '回收', 'success'],
    ],
  },
];
