/** Certificates' part of the reference data (server/db/seed-data/catalogue.ts). */
import { PERMISSIONS } from '../../src/features/certificates/permissions';
import { ROLE } from '../../src/lib/codes';
import { READ_ACTIONS, resourceOf } from '../../src/lib/grants';
import type { AreaCatalogue } from '../db/seed-data/catalogue';

const { certificate } = PERMISSIONS;
const CERTIFICATE = resourceOf(certificate);

export const catalogue: AreaCatalogue = {
  menus: [
    {
      parent: 'certificate-management',
      uri: 'certificate-management:certificate-detail',
      title: '证书管理',
      path: 'certificate-detail',
      icon: 'IdcardOutlined',
      order: 10,
      permission: certificate.list,
    },
  ],
  grants: {
    [ROLE.OP_HANDLER]: [{ resources: [CERTIFICATE], actions: ['list', 'query', 'add', 'renew', 'reopen'] }],
    [ROLE.OP_DIRECTOR]: [{ resources: [CERTIFICATE], actions: READ_ACTIONS }],
  },
  dictionaries: [
    {
      dictType: 'cert_status',
      dictName: '证书状态',
      items: [
        ['APPLYING', '申请中', 'processing'],
        ['VALID', '有效', 'success'],
        ['RENEWING', '续期中', 'processing'],
        ['EXPIRED', '已过期', 'error'],
        ['REVOKED', '已吊销', 'default'],
        ['REOPENING', '重新开通中', 'processing'],
        ['REFUSED', '申请未通过', 'default'],
      ],
    },
  ],
};
