/**
 * Positions (岗位, issue 20). The four authorisation positions of spec §6 are seeded under the codes
 * of src/lib/access.ts POSITIONS (server/admin-structure/reference.ts); staff accounts hold positions
 * through sys_user_positions, and a held position cannot be removed. The kit's generic list page.
 */
import { defineResource } from '../crud/resource';
import { PERMISSIONS } from '../features/admin-structure/permissions';

const f = (field: string) => `admin:position.fields.${field}`;

export const positionResource = defineResource({
  name: 'positions',
  apiBase: '/op/v1/sys/positions',
  menuUri: 'system:post',
  menu: { parent: 'system', path: '/op/system/post', order: 64, icon: 'IdcardOutlined' },
  title: 'admin:position.title',
  item: 'admin:position.item',
  permissions: PERMISSIONS.position,
  defaultSort: [
    { field: 'orderNum', order: 'asc' },
    { field: 'positionCode', order: 'asc' },
  ],
  fields: {
    positionCode: {
      type: 'string',
      label: f('positionCode'),
      required: true,
      maxLength: 50,
      unique: true,
      createOnly: true,
      search: 'contains',
      sortable: true,
      width: 200,
      pattern: { source: '^[A-Za-z0-9_-]+$', message: 'admin:position.invalidCode' },
    },
    positionName: { type: 'string', label: f('positionName'), required: true, maxLength: 50, search: 'contains', width: 200 },
    orderNum: { type: 'integer', label: f('orderNum'), required: true, min: 0, max: 9999, defaultValue: 0, sortable: true, width: 90 },
    status: { type: 'dict', label: f('status'), dictType: 'sys_normal_disable', required: true, defaultValue: '0', search: 'eq', width: 100 },
    remark: { type: 'text', label: f('remark'), maxLength: 500 },
    createTime: { type: 'datetime', label: f('createTime'), readOnly: true, search: 'range', sortable: true, width: 180 },
  },
});
