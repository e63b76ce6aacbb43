/** Bills' part of the reference data (server/db/seed-data/catalogue.ts). */
import { PERMISSIONS } from '../../src/features/bills/permissions';
import { ROLE } from '../../src/lib/codes';
import { READ_ACTIONS, resourceOf } from '../../src/lib/grants';
import type { AreaCatalogue } from '../db/seed-data/catalogue';

const { bill } = PERMISSIONS;
const BILL = resourceOf(bill);

export const catalogue: AreaCatalogue = {
  menus: [
    // 账单核算 (DOMAIN.md "Bills"): the platform's service fees on what was issued and financed.
    { parent: 'issue', uri: 'issue:bills', title: '账单核算', path: 'bills', icon: 'AccountBookOutlined', order: 80, permission: bill.list },
    { parent: 'issue', uri: 'issue:bills:detail', title: '账单详情', path: 'bills/detail', hidden: true, order: 90, permission: bill.query },
  ],
  grants: {
    // Handlers generate the month's bills, submit them for review, register payments and invoice paid ones.
    [ROLE.OP_HANDLER]: [{ resources: [BILL], actions: ['list', 'query', 'generate', 'submit', 'pay', 'invoice'] }],
    [ROLE.OP_DIRECTOR]: [{ resources: [BILL], actions: READ_ACTIONS }],
  },
  dictionaries: [
    {
      dictType: 'invoice_type',
      dictName: '发票类型',
      remark: '仅 isShow 为真的条目在开票时可选',
      items: [
        ['VAT_SPECIAL', '增值税专用发票', 'processing'],
        ['VAT_NORMAL', '增值税普通发票', 'default'],
        ['VAT_E_SPECIAL', '增值税电子专用发票', 'processing'],
        ['VAT_E_NORMAL', '增值税电子普通发票', 'default'],
        ['MOTOR_VEHICLE', '机动车销售统一发票', 'default', false],
      ],
    },
  ],
};
