/**
 * The real-name admission list (实名认证): searched by corporation, credit code and status. The
 * record itself is entered on its own pages (add, check) because its sensitive values travel
 * encrypted and its status follows the approval; the kit's modal form is not used for it, so the
 * declaration offers only list and query, and the page adds 新增 / 编辑 / 提交 / 删除 by status.
 */
import { defineResource } from '../../crud/resource';
import { PERMISSIONS } from './permissions';
import { REALNAME_API, REALNAME_STATUS_DICT } from '../../lib/realname';

const f = (field: string) => `resources:realname.fields.${field}`;
const { list, query } = PERMISSIONS.realname;

export const realnameResource = defineResource({
  name: 'realname-records',
  apiBase: REALNAME_API,
  menuUri: 'admit:realname',
  menu: { parent: 'admit', path: '/op/admit/realname', order: 5, icon: 'UserOutlined' },
  title: 'resources:realname.title',
  item: 'resources:realname.item',
  permissions: { list, query },
  defaultSort: { field: 'updateTime', order: 'desc' },
  fields: {
    corpName: { type: 'string', label: f('corpName'), required: true, search: 'contains', sortable: true, width: 240 },
    creditCode: { type: 'string', label: f('creditCode'), search: 'contains', width: 200 },
    legalPersonName: { type: 'string', label: f('legalPersonName'), width: 130 },
    status: { type: 'dict', label: f('status'), dictType: REALNAME_STATUS_DICT, search: 'eq', width: 110 },
    createBy: { type: 'string', label: f('createBy'), readOnly: true, width: 120 },
    updateTime: { type: 'datetime', label: f('updateTime'), readOnly: true, sortable: true, width: 180 },
  },
});
