/** The auditors' rules' part of the reference data (server/db/seed-data/catalogue.ts). */
import { PERMISSIONS } from '../../src/features/audit-rules/permissions';
import { ROLE } from '../../src/lib/codes';
import type { AreaCatalogue } from '../db/seed-data/catalogue';

const { auditRule } = PERMISSIONS;

export const catalogue: AreaCatalogue = {
  // The auditors' rules (issue 41): which segregation-of-duties rules hold, which are broken, by whom.
  menus: [
    {
      parent: 'system',
      uri: 'system:audit-rules',
      title: '审计规则',
      path: 'audit-rules',
      icon: 'SafetyCertificateOutlined',
      order: 69,
      permission: auditRule.list,
    },
  ],
  grants: {
    // The second person a documented exception to an auditors' rule needs (issue 41): the administrator asks, a director approves.
    [ROLE.OP_DIRECTOR]: [{ permissions: [auditRule.approveException] }],
    [ROLE.OP_AUDITOR]: [{ permissions: [auditRule.run, auditRule.export] }],
  },
};
