/** The securitisation area's dictionaries, seeded with the others (server/db/seed-data/dictionaries.ts). */
import type { DictSeed } from '../db/seed-data/dictionaries';

export const ABS_DICTIONARIES: readonly DictSeed[] = [
  {
    dictType: 'abs_package_status',
    dictName: '资产包状态',
    items: [
      ['BUILDING', '构建中', 'processing'],
      ['LOCKED', '已锁定', 'warning'],
      ['ISSUED', '已发行', 'success'],
      ['SETTLED', '已结清', 'default'],
    ],
  },
  {
    dictType: 'abs_issue_node',
    dictName: '发行节点',
    items: [
      ['PROJECT', '立项', 'default'],
      ['ACCEPTED', '交易所受理', 'processing'],
      ['APPROVED', '获批', 'processing'],
      ['ISSUED', '发行', 'success'],
      ['ESTABLISHED', '设立', 'success'],
      ['REDEEMED', '兑付', 'default'],
    ],
  },
  {
    dictType: 'zd_registration_type',
    dictName: '中登登记类型',
    items: [
      ['TRANSFER', '应收账款转让', 'processing'],
      ['PLEDGE', '应收账款质押', 'warning'],
    ],
  },
  {
    dictType: 'zd_registration_status',
    dictName: '中登登记状态',
    items: [
      ['REGISTERED', '有效', 'success'],
      ['CANCELLED', '已注销', 'default'],
    ],
  },
  {
    dictType: 'zd_registration_action',
    dictName: '中登登记操作',
    items: [
      ['REGISTER', '初始登记', 'success'],
      ['AMEND', '变更登记', 'processing'],
      ['EXTEND', '展期登记', 'warning'],
      ['CANCEL', '注销登记', 'default'],
    ],
  },
];
