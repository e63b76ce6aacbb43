/** The corporations area's dictionaries, seeded with the others (server/db/seed-data/dictionaries.ts). */
import type { DictSeed } from '../db/seed-data/dictionaries';

export const CORPORATION_DICTIONARIES: readonly DictSeed[] = [
  {
    dictType: 'corp_type',
    dictName: '企业类型',
    items: [
      ['CORE_ENTERPRISE', '核心企业', 'processing'],
      ['SUPPLIER', '供应商', 'default'],
      ['FINANCE_INSTITUTION', '资金方', 'warning'],
      ['PLATFORM', '平台方', 'success'],
    ],
  },
  {
    dictType: 'corp_admission_status',
    dictName: '准入状态',
    items: [
      ['NOT_APPLIED', '未准入', 'default'],
      ['PENDING', '准入审批中', 'processing'],
      ['ADMITTED', '已准入', 'success'],
      ['REJECTED', '准入驳回', 'error'],
    ],
  },
  // The real-name admission's statuses in the corporation's words, with 未认证 for a corporation none is filed for.
  {
    dictType: 'corp_realname_status',
    dictName: '企业实名状态',
    items: [
      ['NONE', '未认证', 'default'],
      ['DRAFT', '认证未提交', 'default'],
      ['PENDING_FIRST', '认证中（待初审）', 'processing'],
      ['PENDING_SECOND', '认证中（待复审）', 'processing'],
      ['APPROVED', '已认证', 'success'],
      ['REJECTED', '认证驳回', 'error'],
    ],
  },
  {
    dictType: 'corp_account_usage',
    dictName: '账户用途',
    items: [
      ['SETTLEMENT', '结算账户', 'processing'],
      ['REPAYMENT', '还款账户', 'warning'],
      ['GENERAL', '一般账户', 'default'],
    ],
  },
  {
    dictType: 'corp_verification_kind',
    dictName: '认证类型',
    items: [
      ['IDENTITY', '身份认证', 'default'],
      ['COMPANY', '企业认证', 'default'],
      ['BANK_ACCOUNT', '银行账户认证', 'default'],
      ['ADDRESS', '地址认证', 'default'],
    ],
  },
  {
    dictType: 'corp_verification_status',
    dictName: '认证状态',
    items: [
      ['AUTHENTICATING', '认证中', 'processing'],
      ['FAILURE', '认证失败', 'error'],
      ['SUCCESS', '认证成功', 'success'],
    ],
  },
  {
    dictType: 'group_unit_kind',
    dictName: '集团单位类型',
    items: [
      ['GROUP', '集团', 'processing'],
      ['BRANCH', '分/子公司', 'default'],
      ['PROJECT_DEPT', '项目部', 'default'],
      ['MEMBER_CUSTOMER', '成员客户', 'warning'],
    ],
  },
];
