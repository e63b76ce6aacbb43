/** Financing's part of the reference data (server/db/seed-data/catalogue.ts). */
import { PERMISSIONS } from '../../src/features/financing/permissions';
import { ROLE } from '../../src/lib/codes';
import { resourceOf } from '../../src/lib/grants';
import type { AreaCatalogue } from '../db/seed-data/catalogue';

const { financing } = PERMISSIONS;
const FINANCING = resourceOf(financing);

export const catalogue: AreaCatalogue = {
  menus: [
    {
      // The upload steps are reached in sequence, never from the menu (spec 2.3): the directory
      // entry opens the first step.
      parent: 'abs',
      uri: 'abs:finance-data:upload',
      title: '融资资料上传',
      path: 'finance-data/upload',
      icon: 'CloudUploadOutlined',
      order: 10,
      permission: financing.edit,
      redirect: '/op/abs/finance-data/upload/auth',
      children: [
        { uri: 'abs:finance-data:upload:auth', title: '基础资料上传', path: 'auth', hidden: true, permission: financing.edit },
        { uri: 'abs:finance-data:upload:contract', title: '商务合同上传', path: 'contract', hidden: true, permission: financing.edit },
        { uri: 'abs:finance-data:upload:invoice', title: '发票上传', path: 'invoice', hidden: true, permission: financing.edit },
        { uri: 'abs:finance-data:upload:other', title: '其他资料上传', path: 'other', hidden: true, permission: financing.edit },
        { uri: 'abs:finance-data:upload:success', title: '资料上传成功', path: 'success', hidden: true, permission: financing.edit },
      ],
    },
    { parent: 'abs', uri: 'abs:finance-data:detail', title: '融资资料查看', path: 'finance-data/detail', hidden: true, order: 20, permission: financing.query },
    {
      parent: 'financing',
      uri: 'financing:sign-up:detail',
      title: '融资资格申请详情',
      path: 'sign-up/detail',
      icon: 'SolutionOutlined',
      order: 10,
      permission: financing.list,
    },
  ],
  grants: {
    // Handlers start, complete and sign financing applications; the files' verdicts are the directors'.
    [ROLE.OP_HANDLER]: [{ resources: [FINANCING], actions: ['list', 'query', 'add', 'edit', 'sign'] }],
    [ROLE.OP_DIRECTOR]: [{ resources: [FINANCING], actions: ['list', 'query', 'review'] }],
  },
};
