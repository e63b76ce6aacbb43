/** Credit notes' part of the reference data (server/db/seed-data/catalogue.ts). */
import { PERMISSIONS } from '../../src/features/credit-notes/permissions';
import { PERMISSIONS as PLATFORM_PERMISSIONS } from '../../src/lib/permissions';
import { ROLE } from '../../src/lib/codes';
import { READ_ACTIONS, resourceOf } from '../../src/lib/grants';
import type { AreaCatalogue } from '../db/seed-data/catalogue';

const { creditNote } = PERMISSIONS;
const { task } = PLATFORM_PERMISSIONS;
const CREDIT_NOTE = resourceOf(creditNote);

export const catalogue: AreaCatalogue = {
  menus: [
    // The final approval's task page (spec 2.5), opened from the task centre, never from the menu.
    { parent: 'credit', uri: 'credit:final-approve', title: '白条签发审批', path: 'final-approve/approve', hidden: true, order: 10, permission: task.handle },
    {
      parent: 'issue',
      uri: 'issue:project-dept:detail',
      title: '项目部申请流程',
      path: 'project-dept/detail',
      icon: 'ProjectOutlined',
      order: 10,
      permission: creditNote.list,
    },
    {
      parent: 'issue',
      uri: 'issue:branch-comp:detail',
      title: '分/子公司申请流程',
      path: 'branch-comp/detail',
      icon: 'BranchesOutlined',
      order: 20,
      permission: creditNote.list,
    },
    {
      parent: 'issue',
      uri: 'issue:group:detail',
      title: '集团申请流程',
      path: 'group/detail',
      icon: 'ApartmentOutlined',
      order: 30,
      permission: creditNote.list,
    },
    {
      parent: 'issue',
      uri: 'issue:group:generate',
      title: '签发数据生成',
      path: 'group/generate',
      icon: 'DatabaseOutlined',
      order: 40,
      permission: creditNote.list,
    },
    { parent: 'issue', uri: 'issue:notes', title: '白条查询', path: 'notes', icon: 'AccountBookOutlined', order: 50, permission: creditNote.list },
    { parent: 'issue', uri: 'issue:notes:detail', title: '白条详情', path: 'notes/detail', hidden: true, order: 60, permission: creditNote.query },
    // A batch's own page (its figures, notes and approval record), where every link to a batch leads.
    { parent: 'issue', uri: 'issue:group:batch', title: '签发数据详情', path: 'group/batch', hidden: true, order: 70, permission: creditNote.query },
  ],
  grants: {
    // The handler who generates issuance data sends it on: the batch's export (credit:note:export) is
    // the area's own, not the system:export:* of the export records, so the working role holds it.
    [ROLE.OP_HANDLER]: [{ resources: [CREDIT_NOTE], actions: ['list', 'query', 'add', 'generate', 'split', 'export'] }],
    [ROLE.OP_DIRECTOR]: [{ resources: [CREDIT_NOTE], actions: READ_ACTIONS }],
  },
};
