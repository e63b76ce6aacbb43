/** The hotline's dictionaries (its call log's codes, src/lib/hotline.ts), seeded with the others. */
import type { DictSeed } from '../db/seed-data/dictionaries';

export const HOTLINE_DICTIONARIES: readonly DictSeed[] = [
  {
    dictType: 'hotline_call_status',
    dictName: '通话状态',
    items: [
      ['DIALLING', '呼叫中', 'processing'],
      ['TALKING', '通话中', 'success'],
      ['WRAP_UP', '话后处理', 'warning'],
      ['ENDED', '已结束', 'default'],
    ],
  },
  {
    dictType: 'hotline_call_outcome',
    dictName: '通话结果',
    items: [
      ['ANSWERED', '已接通', 'success'],
      ['BUSY', '对方忙', 'warning'],
      ['NO_ANSWER', '无人接听', 'warning'],
      ['CANCELLED', '已取消', 'default'],
      ['FAILED', '呼叫失败', 'error'],
    ],
  },
];
