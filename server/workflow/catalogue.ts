/** The task centre's part of the reference data (server/db/seed-data/catalogue.ts). */
import { PERMISSIONS } from '../../src/lib/permissions';
import { ROLE } from '../../src/lib/codes';
import { READ_ACTIONS, resourceOf } from '../../src/lib/grants';
import type { AreaCatalogue } from '../db/seed-data/catalogue';

const { task, instance } = PERMISSIONS;
const TASK = resourceOf(task);

export const catalogue: AreaCatalogue = {
  menus: [
    { parent: 'task', uri: 'task:todo', title: '待办任务', path: 'todo', icon: 'ClockCircleOutlined', order: 10, permission: task.list },
    { parent: 'task', uri: 'task:done', title: '已办任务', path: 'done', icon: 'CheckCircleOutlined', order: 20, permission: task.list },
    { parent: 'task', uri: 'task:started', title: '我发起的', path: 'started', icon: 'SendOutlined', order: 30, permission: task.list },
    // Every instance, whoever started it: for who may read them all (the auditor).
    { parent: 'task', uri: 'task:all', title: '全部流程', path: 'all', icon: 'UnorderedListOutlined', order: 40, permission: instance.list },
    // The shared task view and the hidden routes of page-type processes' steps (spec 2.5) go with this grant.
    { parent: 'task', uri: 'task:view', title: '任务办理', path: 'view', hidden: true, order: 50, permission: task.query },
  ],
  grants: {
    [ROLE.OP_HANDLER]: [{ resources: [TASK], actions: '*' }],
    [ROLE.OP_DIRECTOR]: [{ resources: [TASK], actions: ['list', 'query', 'handle'] }],
    [ROLE.PLATFORM_AG_OPERATOR]: [{ resources: [TASK], actions: READ_ACTIONS }],
  },
  dictionaries: [
    {
      dictType: 'approve_result',
      dictName: '审核结果',
      items: [
        ['PASS', '通过', 'success'],
        ['NOPASS', '不通过', 'error'],
        ['WAIT', '待审核', 'processing'],
      ],
    },
    {
      dictType: 'task_status',
      dictName: '任务状态',
      items: [
        ['TODO', '待办', 'processing'],
        ['DONE', '已办', 'success'],
      ],
    },
  ],
};
